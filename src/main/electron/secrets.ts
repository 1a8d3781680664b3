/**
 * The shell's own state, in electron-store (a JSON file beside the service's startup.json):
 * the window's size and place, and the data key that seals the remote API key (settings/seal.ts),
 * itself encrypted by the OS keychain through safeStorage. Where the keychain is missing (a Linux
 * desktop without a secret service), there is no data key: the database file's 0600 mode protects it.
 */
import { safeStorage } from 'electron';
import Store from 'electron-store';
import { randomBytes } from 'node:crypto';

interface ShellState {
  sealedDataKey?: string;
  bounds?: { x: number; y: number; width: number; height: number };
}

export function shellStore(dataDir: string) {
  return new Store<ShellState>({ name: 'shell', cwd: dataDir, configFileMode: 0o600 });
}
export type ShellStore = ReturnType<typeof shellStore>;

function keychainWorks(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  // On Linux without a keyring Electron falls back to a fixed key: no protection at all.
  return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
}

/** The data key (base64url), made on first use; undefined where the OS keychain cannot keep it. */
export function dataKey(store: ShellStore): string | undefined {
  if (!keychainWorks()) {
    process.stderr.write('no OS keychain: the remote API key is protected by file permissions only\n');
    return undefined;
  }
  const sealed = store.get('sealedDataKey');
  if (sealed) return safeStorage.decryptString(Buffer.from(sealed, 'base64'));
  const key = randomBytes(32).toString('base64url');
  store.set('sealedDataKey', safeStorage.encryptString(key).toString('base64'));
  return key;
}
