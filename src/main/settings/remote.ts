/**
 * Where this counter replicates to: the remote's base URL, its API key and the local user who owns
 * the pulled events. Kept in the database (the remote_connection table), readable by its owner
 * only (mode 0600, in a 0700 data dir); in the desktop app the key is also encrypted (seal.ts).
 * The key is never shown again in full: `summary` shows its first characters.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { RemoteSummary } from '#shared/schemas/sync.js';
import { writeTransaction, type Db } from '../db/connection.js';
import { remoteConnection } from '../db/schema.js';
import { importLegacyFile } from './legacy.js';
import { isSealed, seal, unseal } from './seal.js';
import type { StartupFile } from './startup.js';

type StoredRemote = Omit<typeof remoteConnection.$inferSelect, 'id'>;
export type Remote = Omit<StoredRemote, 'apiKeyShown'>;

const SHOWN_KEY_CHARS = 8;
/** The one row the table holds. */
const ROW_ID = 1;

export function maskKey(key: string): string {
  return `${key.slice(0, SHOWN_KEY_CHARS)}…`;
}

/** The remote key was sealed by the desktop app and this process has not its data key. */
export class RemoteKeyLocked extends Error {
  constructor() {
    super('the remote API key is stored encrypted by the desktop app: run sync from the app, or give the key again with `remote set`');
  }
}

/** remote.json as conf kept it before the database did (legacy.ts). */
const LegacyRemote = z.object({ baseUrl: z.string(), apiKey: z.string(), apiKeyShown: z.string().optional(), ownerEmail: z.string() });

export function createRemoteStore(db: Db, dataDir: string, startup: StartupFile, sealingKey?: Buffer) {
  // Read before every sale (sync/live.ts): built once, not anew each time.
  const storedRow = db.select().from(remoteConnection).where(eq(remoteConnection.id, ROW_ID)).prepare();
  const stored = (): StoredRemote | null => {
    const row = storedRow.get();
    return row ? { baseUrl: row.baseUrl, apiKey: row.apiKey, apiKeyShown: row.apiKeyShown, ownerEmail: row.ownerEmail } : null;
  };

  function put(value: StoredRemote, keepStored = false): void {
    const insert = db.insert(remoteConnection).values({ id: ROW_ID, ...value });
    (keepStored ? insert.onConflictDoNothing() : insert.onConflictDoUpdate({ target: remoteConnection.id, set: value })).run();
  }

  function write(remote: Remote): StoredRemote {
    // Without a trailing slash: paths are appended to it.
    const value = {
      baseUrl: remote.baseUrl.replace(/\/+$/, ''),
      apiKey: sealingKey ? seal(remote.apiKey, sealingKey) : remote.apiKey,
      apiKeyShown: maskKey(remote.apiKey),
      ownerEmail: remote.ownerEmail,
    };
    return writeTransaction(db, () => {
      put(value);
      // Written last, so that a failure here rolls the change back.
      startup.update({ remoteBaseUrl: value.baseUrl });
      return value;
    });
  }

  /** The remote with its key in clear, or null when none is set; throws RemoteKeyLocked. */
  function get(): Remote | null {
    const remote = stored();
    if (!remote) return null;
    if (!isSealed(remote.apiKey)) return { baseUrl: remote.baseUrl, apiKey: remote.apiKey, ownerEmail: remote.ownerEmail };
    if (!sealingKey) throw new RemoteKeyLocked();
    return { baseUrl: remote.baseUrl, apiKey: unseal(remote.apiKey, sealingKey), ownerEmail: remote.ownerEmail };
  }

  const summaryOf = (remote: StoredRemote): RemoteSummary => ({ baseUrl: remote.baseUrl, apiKey: remote.apiKeyShown, ownerEmail: remote.ownerEmail });

  function set(remote: Remote): RemoteSummary {
    return summaryOf(write(remote));
  }

  function summary(): RemoteSummary | null {
    const remote = stored();
    return remote && summaryOf(remote);
  }

  // What the table already holds wins: another process may have taken the file in first.
  importLegacyFile(dataDir, 'remote', (values) => {
    const legacy = LegacyRemote.safeParse(values);
    if (legacy.success) writeTransaction(db, () => put({ ...legacy.data, apiKeyShown: legacy.data.apiKeyShown ?? maskKey(legacy.data.apiKey) }, true));
  });
  // A key stored in clear before the desktop app had its data key is sealed now.
  const existing = stored();
  if (sealingKey && existing && !isSealed(existing.apiKey)) write(existing);
  startup.update({ remoteBaseUrl: existing?.baseUrl ?? null });

  return { get, set, summary };
}
export type RemoteStore = ReturnType<typeof createRemoteStore>;
