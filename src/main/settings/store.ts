/**
 * The counter's settings, in the database (the settings table). Every value passes the shared zod
 * schema on the way in and out, so a bad stored value falls back to the default rather than
 * breaking a sale. change() is the one way to change them; operators' changes reach it through
 * domain/settings-changes.ts, which records them in the audit log in the same transaction.
 *
 * A serve and a CLI on one data dir each read them from the database: a read answers the copy it
 * made unless another connection has committed since (SQLite's data_version says so).
 */
import { z } from 'zod';
import { Settings, SettingsPatch } from '#shared/schemas/settings.js';
import { parseJson } from '#shared/parse-json.js';
import { writeTransaction, type CounterDb } from '../db/connection.js';
import { settings } from '../db/schema.js';
import { importLegacyFile } from './legacy.js';
import type { StartupFile } from './startup.js';

const KEYS = Settings.keyof().options;

/** The values of `raw` that are valid settings, each on its own. */
function validEntries(raw: Record<string, unknown>): Partial<Settings> {
  const out: Record<string, unknown> = {};
  for (const key of KEYS) {
    const one = Settings.shape[key].safeParse(raw[key]);
    if (key in raw && one.success) out[key] = one.data;
  }
  return out as Partial<Settings>;
}

const DEFAULTS = Settings.parse({});

export function createSettingsStore({ db, sqlite }: CounterDb, dataDir: string, startup: StartupFile) {
  function write(values: Partial<Settings>, keepStored: boolean): void {
    for (const [key, value] of Object.entries(values)) {
      const row = { key, value: JSON.stringify(value) };
      const insert = db.insert(settings).values(row);
      (keepStored ? insert.onConflictDoNothing() : insert.onConflictDoUpdate({ target: settings.key, set: { value: row.value } })).run();
    }
  }

  const read = (): Settings => {
    const stored = Object.fromEntries(db.select().from(settings).all().map(({ key, value }) => [key, parseJson(z.unknown(), value)]));
    return { ...DEFAULTS, ...validEntries(stored) };
  };

  let copy: { version: number; settings: Settings } | undefined;
  // Asked on every request (the rate limits): compiled once, where pragma() compiles it each time.
  const dataVersion = sqlite.prepare<[], number>('PRAGMA data_version').pluck();

  function get(): Settings {
    const version = dataVersion.get()!;
    if (copy?.version === version) return copy.settings;
    const now = read();
    // Inside a transaction what it reads may yet be rolled back: no copy is kept of that.
    if (!sqlite.inTransaction) copy = { version, settings: now };
    return now;
  }

  /** Applies a change (validated by SettingsPatch); answers the settings before it (read afresh) and now in force. */
  function change(patch: SettingsPatch): { before: Settings; after: Settings } {
    const parsed = SettingsPatch.parse(patch);
    return writeTransaction(db, () => {
      copy = undefined;
      const before = read();
      write(parsed, false);
      const after = read();
      // Written last, so that a failure here rolls the change back.
      startup.update({ listenHost: after.listenHost });
      return { before, after };
    });
  }

  /** Applies a change and returns the settings now in force. */
  const update = (patch: SettingsPatch): Settings => change(patch).after;

  // What the table already holds wins: another process may have taken the file in first.
  importLegacyFile(dataDir, 'settings', (values) => writeTransaction(db, () => write(validEntries(values), true)));
  startup.update({ listenHost: get().listenHost });

  return { get, change, update };
}
export type SettingsStore = ReturnType<typeof createSettingsStore>;
