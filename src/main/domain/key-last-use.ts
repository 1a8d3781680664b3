/**
 * When each API key was last used: noted in memory as requests come, written in batches (serve
 * flushes every sweep and at shutdown). A read then never writes: it neither waits for a disk flush
 * nor fails when the disk is full. A minute is precise enough, so a key is noted again only once
 * its last use is a minute old. What is noted and not yet written is shown as if it were.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { apiKeys } from '../db/schema.js';

const PRECISION_MS = 60_000;

export function createKeyLastUse(db: Db) {
  const noted = new Map<string, number>();

  /** The key's last use: the one noted here, else the stored one. */
  const of = (keyId: string, stored: number | null): number | null => noted.get(keyId) ?? stored;

  function note(keyId: string, stored: number | null, now: number): void {
    const last = of(keyId, stored);
    if (last === null || now - last > PRECISION_MS) noted.set(keyId, now);
  }

  /**
   * Writes what was noted, in one transaction; answers how many keys. When the write fails (a full
   * disk) the notes are kept for the next flush, and the error goes to the caller.
   */
  function flush(): number {
    const batch = [...noted];
    if (batch.length === 0) return 0;
    db.transaction((tx) => {
      for (const [id, at] of batch) tx.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id)).run();
    });
    // Only what was written: a key noted again meanwhile keeps its newer note.
    for (const [id, at] of batch) if (noted.get(id) === at) noted.delete(id);
    return batch.length;
  }

  return { of, note, flush };
}
export type KeyLastUse = ReturnType<typeof createKeyLastUse>;
