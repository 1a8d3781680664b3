/**
 * The settings in the database: a data dir from before keeps the values of its settings.json,
 * taken in on the first open (the file is then removed and read no more); startup.json holds the
 * copy of the listen address the desktop shell reads before the service opens the database; and a
 * change made through another connection is seen at once.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type CounterDb } from '../../src/main/db/connection.js';
import { listenHostBeforeStart, createStartupFile, readStartup } from '../../src/main/settings/startup.js';
import { createSettingsStore } from '../../src/main/settings/store.js';
import { Settings } from '../../src/shared/schemas/settings.js';
import { tempDir, type TempDir } from '../support/harness.js';

const DEFAULTS = Settings.parse({});

describe('the settings store', () => {
  let dir: TempDir;
  const opened: CounterDb[] = [];
  afterEach(() => {
    for (const database of opened.splice(0)) database.close();
    dir?.remove();
  });

  /** The store as a process opening the data dir makes it. */
  function store() {
    const database = openDatabase(dir.path);
    opened.push(database);
    return createSettingsStore(database, dir.path, createStartupFile(dir.path));
  }

  it("takes a settings.json from before into the database once, a bad value falling back to its default, and removes the file", () => {
    dir = tempDir();
    const file = join(dir.path, 'settings.json');
    writeFileSync(file, JSON.stringify({ holdWindowMinutes: 30, invoiceLayout: 'receipt', listenHost: '192.168.1.20', backupsKept: -4, unknown: 1 }), { mode: 0o600 });
    expect(listenHostBeforeStart(dir.path)).toBe('192.168.1.20');

    const expected = { ...DEFAULTS, holdWindowMinutes: 30, invoiceLayout: 'receipt', listenHost: '192.168.1.20' };
    expect(store().get()).toEqual(expected);
    expect(existsSync(file)).toBe(false);
    expect(opened[0]!.sqlite.prepare('select key from settings order by key').pluck().all()).toEqual(['holdWindowMinutes', 'invoiceLayout', 'listenHost']);
    expect(readStartup(dir.path).listenHost).toBe('192.168.1.20');
    expect(listenHostBeforeStart(dir.path)).toBe('192.168.1.20');
    expect(store().get()).toEqual(expected);
  });

  it('a change through one connection is what another reads next', () => {
    dir = tempDir();
    const [serve, cli] = [store(), store()];
    expect(serve.get()).toEqual(DEFAULTS);
    cli.update({ holdWindowMinutes: 45 });
    expect(serve.get().holdWindowMinutes).toBe(45);
    serve.update({ listenHost: '10.0.0.5', holdWindowMinutes: 20 });
    expect(cli.get()).toEqual({ ...DEFAULTS, listenHost: '10.0.0.5', holdWindowMinutes: 20 });
    expect(listenHostBeforeStart(dir.path)).toBe('10.0.0.5');
  });

  it('answers the settings before and after a change', () => {
    dir = tempDir();
    const settings = store();
    expect(settings.change({ holdWindowMinutes: 5 })).toEqual({ before: DEFAULTS, after: { ...DEFAULTS, holdWindowMinutes: 5 } });
  });
});
