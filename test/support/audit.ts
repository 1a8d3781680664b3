/** Reading the audit log through the API: every page, each entry shape-checked. */
import type { Harness } from './harness.js';
import { expectList } from './envelope.js';
import { query } from './http.js';
import { AUDIT_ACTOR, AUDIT_ENTRY, expectShape } from './shapes.js';

// Entries are read field by field by the tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Entry = any;

export const auditPath = (params: Record<string, string | number | undefined> = {}) => `/audit-log${query(params)}`;

/** Every entry the filters let through, oldest first (the API answers newest first). */
export async function auditEntries(h: Harness, key: string, filters: Record<string, string | undefined> = {}): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = expectList(await h.request({ url: auditPath({ ...filters, page, limit: 100 }), key }));
    for (const entry of data) {
      expectShape(entry, AUDIT_ENTRY);
      expectShape(entry.actor, AUDIT_ACTOR);
    }
    entries.push(...data);
    if (page >= meta.totalPages) return entries.reverse();
  }
}

/** What a test compares of an entry: all but its id and time. */
export const gist = (entry: Entry) => ({ action: entry.action, actor: entry.actor, eventId: entry.eventId, subjectId: entry.subjectId, details: entry.details });
