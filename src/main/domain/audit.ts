/**
 * The audit log: every admin mutation (an order's life, API keys, settings, the remote, conflicts,
 * operators and their grants) with who did it, when, and from which device. `record` is called
 * inside the transaction of the change it records, so that neither a change without its entry nor
 * an entry without its change can exist; `recorded` opens that transaction for a change that has
 * none of its own.
 *
 * Details are checked against their action's schema (shared/schemas/audit.ts) on the way in: a
 * field not listed there (a password, a key) or a whole identity number is refused, never stored.
 */
import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { AUDIT_DETAILS, AuditEntry, type AuditAction, type AuditCredential, type AuditDetails, type AuditListQuery } from '#shared/schemas/audit.js';
import type { PageMeta } from '#shared/schemas/common.js';
import { messages } from '#shared/messages.js';
import { writeTransaction, type Db } from '../db/connection.js';
import { auditLog, events } from '../db/schema.js';
import { ownsCounter, readsAuditLog } from '#shared/roles.js';
import type { Actor } from './access.js';
import { AppError } from './errors.js';
import type { Clock } from './clock.js';
import { newId } from './ids.js';
import { pageMeta } from './paging.js';
import { parseInstant, toIso } from './time.js';

/** The command line on this machine, named by the OS account that ran it (cli/actor.ts). */
export interface CliActor {
  cli: true;
  osUser: string | null;
}

/** Who did it: an authenticated caller, the command line, or the service itself (expiry, first-run setup). */
export type AuditActor = Actor | CliActor | 'system';

/** What an entry says besides who and when. */
export interface AuditNote<A extends AuditAction> {
  eventId?: string | null;
  subjectId?: string | null;
  details: AuditDetails<A>;
}

type AuditRow = typeof auditLog.$inferSelect;
type Who = Pick<AuditRow, 'actorUserId' | 'actorName' | 'credential' | 'apiKeyId' | 'apiKeyName' | 'address'>;

const CREDENTIAL_OF: Record<Actor['credential'], AuditCredential> = { api_key: 'api_key', jwt: 'login' };
const NOBODY = { actorUserId: null, actorName: null, apiKeyId: null, apiKeyName: null, address: null } as const;

function whoOf(by: AuditActor): Who {
  if (by === 'system') return { ...NOBODY, credential: 'system' };
  if ('cli' in by) return { ...NOBODY, actorName: by.osUser, credential: 'cli' };
  return {
    actorUserId: by.userId,
    actorName: by.name,
    credential: CREDENTIAL_OF[by.credential],
    apiKeyId: by.apiKeyId ?? null,
    apiKeyName: by.apiKeyName ?? null,
    address: by.address ?? null,
  };
}

function toEntry(row: AuditRow): AuditEntry {
  return AuditEntry.parse({
    id: row.id,
    at: toIso(row.at),
    action: row.action,
    actor: { userId: row.actorUserId, name: row.actorName, credential: row.credential, apiKeyName: row.apiKeyName, address: row.address },
    eventId: row.eventId,
    subjectId: row.subjectId,
    details: row.details,
  });
}

export function createAuditLog(db: Db, clock: Clock) {
  // A sale records an entry too: prepared once, like the sale's own statements.
  const ph = sql.placeholder;
  const insert = db
    .insert(auditLog)
    .values({
      id: ph('id'),
      at: ph('at'),
      action: ph('action'),
      actorUserId: ph('actorUserId'),
      actorName: ph('actorName'),
      credential: ph('credential'),
      apiKeyId: ph('apiKeyId'),
      apiKeyName: ph('apiKeyName'),
      address: ph('address'),
      eventId: ph('eventId'),
      subjectId: ph('subjectId'),
      details: ph('details'),
    })
    .prepare();

  /** Records one entry; call it inside the transaction of the change it records. */
  function record<A extends AuditAction>(by: AuditActor, action: A, note: AuditNote<A>): void {
    const schema = AUDIT_DETAILS.get(action);
    if (!schema) throw new Error(`no audit details schema for ${action}`);
    const at = clock();
    insert.run({
      id: newId(at),
      at,
      action,
      ...whoOf(by),
      eventId: note.eventId ?? null,
      subjectId: note.subjectId ?? null,
      details: schema.parse(note.details),
    });
  }

  /**
   * Runs `change` and records it, in one transaction. A change that writes a file (settings, the
   * remote) writes it inside the transaction, before the entry: a write that fails records nothing.
   * `note` describes the result, or is undefined when nothing changed (then nothing is recorded).
   */
  function recorded<T, A extends AuditAction>(by: AuditActor, action: A, change: () => T, note: (result: T) => AuditNote<A> | undefined): T {
    return writeTransaction(db, () => {
      const result = change();
      const described = note(result);
      if (described) record(by, action, described);
      return result;
    });
  }

  /**
   * What of the log the actor reads: all of it for the counter's owner; for an organizer, the
   * entries of the events it owns (the rest names other organizers' customers, or the counter's own
   * affairs); nothing for staff.
   */
  function scopeOf(actor: Actor): SQL | undefined {
    if (!readsAuditLog(actor.role)) throw new AppError('FORBIDDEN', messages.auditForbidden);
    if (ownsCounter(actor.role)) return undefined;
    return inArray(auditLog.eventId, db.select({ id: events.id }).from(events).where(eq(events.ownerId, actor.userId)));
  }

  /** The entries the actor may read (scopeOf), newest first. */
  function list(actor: Actor, query: AuditListQuery): { data: AuditEntry[]; meta: PageMeta } {
    const scope = scopeOf(actor);
    const filters: SQL[] = scope ? [scope] : [];
    if (query.action) filters.push(eq(auditLog.action, query.action));
    if (query.eventId) filters.push(eq(auditLog.eventId, query.eventId));
    if (query.from) filters.push(gte(auditLog.at, parseInstant(query.from)));
    if (query.to) filters.push(lte(auditLog.at, parseInstant(query.to)));
    const where = and(...filters);
    const total = db.select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
    const rows = db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .all();
    return { data: rows.map(toEntry), meta: pageMeta(query, total) };
  }

  /** How many entries of the action there are (the Sync screen counts double admissions so). */
  function countOf(action: AuditAction): number {
    return db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)).get()?.n ?? 0;
  }

  return { record, recorded, list, countOf };
}
export type AuditLog = ReturnType<typeof createAuditLog>;
