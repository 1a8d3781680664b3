/**
 * The settings store: a JSON file in the data dir (conf here; electron-store reads and writes the
 * same format), readable by its owner only. Every value passes the shared zod schema on the way in
 * and out, so a hand-edited file with a bad value falls back to the default rather than breaking
 * a sale.
 */
import Conf from 'conf';
import { Settings, SettingsPatch } from '../../shared/schemas/settings.js';

/** How long a read trusts its copy: a `settings set` from the CLI reaches a running serve within this. */
const FRESH_MS = 1000;

function valid(raw: Record<string, unknown>): Settings {
  const defaults = Settings.parse({});
  const out: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof Settings)[]) {
    const one = Settings.shape[key].safeParse(raw[key]);
    if (one.success) out[key] = one.data;
  }
  return out as Settings;
}

export function createSettingsStore(dataDir: string) {
  const conf = new Conf<Record<string, unknown>>({ cwd: dataDir, configName: 'settings', configFileMode: 0o600 });
  let cached = valid(conf.store);
  let readAt = Date.now();

  function get(): Settings {
    if (Date.now() - readAt > FRESH_MS) {
      cached = valid(conf.store);
      readAt = Date.now();
    }
    return cached;
  }

  /** Applies a change (validated by SettingsPatch); answers the settings before it (read afresh) and now in force. */
  function change(patch: SettingsPatch): { before: Settings; after: Settings } {
    const parsed = SettingsPatch.parse(patch);
    const stored = conf.store;
    conf.set({ ...stored, ...parsed });
    cached = valid(conf.store);
    readAt = Date.now();
    return { before: valid(stored), after: cached };
  }

  /** Applies a change and returns the settings now in force. */
  const update = (patch: SettingsPatch): Settings => change(patch).after;

  return { get, change, update, path: conf.path };
}
export type SettingsStore = ReturnType<typeof createSettingsStore>;
