/**
 * Where this counter replicates to: the remote's base URL, its API key and the local user who owns
 * the pulled events. Kept in `remote.json` in the data dir, readable by its owner only (mode 0600,
 * in a 0700 data dir). The key is never printed again in full: `summary` shows its first
 * characters.
 */
import Conf from 'conf';
import { z } from 'zod';
import type { RemoteSummary } from '../../shared/schemas/sync.js';

const StoredRemote = z.object({ baseUrl: z.string(), apiKey: z.string(), ownerEmail: z.string() });
export type Remote = z.infer<typeof StoredRemote>;

const SHOWN_KEY_CHARS = 8;

export function maskKey(key: string): string {
  return `${key.slice(0, SHOWN_KEY_CHARS)}…`;
}

export function createRemoteStore(dataDir: string) {
  const conf = new Conf<Record<string, unknown>>({ cwd: dataDir, configName: 'remote', configFileMode: 0o600 });

  function get(): Remote | null {
    const stored = StoredRemote.safeParse(conf.store);
    return stored.success ? stored.data : null;
  }

  const summaryOf = (remote: Remote): RemoteSummary => ({ baseUrl: remote.baseUrl, apiKey: maskKey(remote.apiKey), ownerEmail: remote.ownerEmail });

  function set(remote: Remote): RemoteSummary {
    // Without a trailing slash: paths are appended to it.
    const stored = { ...remote, baseUrl: remote.baseUrl.replace(/\/+$/, '') };
    conf.store = stored;
    return summaryOf(stored);
  }

  function summary(): RemoteSummary | null {
    const remote = get();
    return remote && summaryOf(remote);
  }

  return { get, set, summary };
}
export type RemoteStore = ReturnType<typeof createRemoteStore>;
