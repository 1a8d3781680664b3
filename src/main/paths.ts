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

/** The OS app-data folder, the same one Electron's app.getPath('userData') gives this app. */
export function defaultDataDir(): string {
  const home = homedir();
  if (process.platform === 'win32') return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'ticket-counter');
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'ticket-counter');
  return join(process.env.XDG_CONFIG_HOME ?? join(home, '.config'), 'ticket-counter');
}

export function resolveDataDir(flag?: string): string {
  return flag ?? process.env.TICKET_COUNTER_DATA_DIR ?? defaultDataDir();
}
