/**
 * This device's IndexedDB: the last copy of each event's tickets (for scanning with no network)
 * and the journal of what it admitted and let out meanwhile. Both outlive a reload, a closed tab
 * and a phone that restarts.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

interface GateDb extends DBSchema {
  /** By event id: the snapshot as the instance answered it (parsed again when read back). */
  copies: { key: string; value: unknown };
  /** By entry id: { eventId, entry }, in the order they were made. */
  journal: { key: string; value: unknown };
}

let opened: Promise<IDBPDatabase<GateDb>> | undefined;

export function database(): Promise<IDBPDatabase<GateDb>> {
  opened ??= openDB<GateDb>('ticket-counter-gate', 1, {
    upgrade(db) {
      db.createObjectStore('copies');
      db.createObjectStore('journal');
    },
  });
  return opened;
}
