/**
 * Where this counter replicates to: the remote's base URL, its API key and the local user who owns
 * the pulled events. Kept in `remote.json` in the data dir, readable by its owner only (mode 0600,
 * in a 0700 data dir); in the desktop app the key is also encrypted (seal.ts). The key is never
 * shown again in full: `summary` shows its first characters.
 */
import Conf from 'conf';
import { join } from 'node:path';
import { z } from 'zod';
import type { RemoteSummary } from '../../shared/schemas/sync.js';
import { isSealed, seal, unseal } from './seal.js';

const StoredRemote = z.object({
  baseUrl: z.string(),
  /** The key, sealed when the service was given a data key. */
  apiKey: z.string(),
  /** What the summary shows of the key, kept apart so that showing it needs no decryption. */
  apiKeyShown: z.string().optional(),
  ownerEmail: z.string(),
});
type StoredRemote = z.infer<typeof StoredRemote>;
export type Remote = Omit<StoredRemote, 'apiKeyShown'>;

const SHOWN_KEY_CHARS = 8;

export function maskKey(key: string): string {
  return `${key.slice(0, SHOWN_KEY_CHARS)}…`;
}

/** The remote key was sealed by the desktop app and this process has not its data key. */
export class RemoteKeyLocked extends Error {
  constructor() {
    super('the remote API key is stored encrypted by the desktop app: run sync from the app, or give the key again with `remote set`');
  }
}

const CONFIG_NAME = 'remote';
/** Where the remote is kept: conf writes <configName>.json in the data dir. */
export const remoteFile = (dataDir: string) => join(dataDir, `${CONFIG_NAME}.json`);

export function createRemoteStore(dataDir: string, sealingKey?: Buffer) {
  const conf = new Conf<Record<string, unknown>>({ cwd: dataDir, configName: CONFIG_NAME, configFileMode: 0o600 });

  const stored = (): StoredRemote | null => {
    const parsed = StoredRemote.safeParse(conf.store);
    return parsed.success ? parsed.data : null;
  };

  function write(remote: Remote): StoredRemote {
    // Without a trailing slash: paths are appended to it.
    const value = {
      baseUrl: remote.baseUrl.replace(/\/+$/, ''),
      apiKey: sealingKey ? seal(remote.apiKey, sealingKey) : remote.apiKey,
      apiKeyShown: maskKey(remote.apiKey),
      ownerEmail: remote.ownerEmail,
    };
    conf.store = value;
    return value;
  }

  /** The remote with its key in clear, or null when none is set; throws RemoteKeyLocked. */
  function get(): Remote | null {
    const remote = stored();
    if (!remote) return null;
    if (!isSealed(remote.apiKey)) return { baseUrl: remote.baseUrl, apiKey: remote.apiKey, ownerEmail: remote.ownerEmail };
    if (!sealingKey) throw new RemoteKeyLocked();
    return { baseUrl: remote.baseUrl, apiKey: unseal(remote.apiKey, sealingKey), ownerEmail: remote.ownerEmail };
  }

  const summaryOf = (remote: StoredRemote): RemoteSummary => ({
    baseUrl: remote.baseUrl,
    apiKey: remote.apiKeyShown ?? maskKey(remote.apiKey),
    ownerEmail: remote.ownerEmail,
  });

  function set(remote: Remote): RemoteSummary {
    return summaryOf(write(remote));
  }

  function summary(): RemoteSummary | null {
    const remote = stored();
    return remote && summaryOf(remote);
  }

  // A key stored in clear before the desktop app had its data key is sealed now.
  const existing = stored();
  if (sealingKey && existing && !isSealed(existing.apiKey)) write(existing);

  return { get, set, summary };
}
export type RemoteStore = ReturnType<typeof createRemoteStore>;
