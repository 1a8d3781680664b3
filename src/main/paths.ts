import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found by walking up from this module, so that the same code
 * finds migrations/ and the built UI whether it runs from src/ (tsx) or bundled from out/.
 */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

/**
 * The OS app-data folder, the same one Electron's app.getPath('userData') gives this app; a demo
 * counter has one of its own beside it, so that demo logins never land in a real counter.
 */
export function defaultDataDir(name: 'ticket-counter' | 'ticket-counter-demo' = 'ticket-counter'): string {
  const home = homedir();
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), name);
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', name);
  return join(process.env.XDG_CONFIG_HOME ?? join(home, '.config'), name);
}

export function resolveDataDir(flag?: string, { demo = false } = {}): string {
  return flag ?? process.env.TICKET_COUNTER_DATA_DIR ?? defaultDataDir(demo ? 'ticket-counter-demo' : 'ticket-counter');
}
