/**
 * Cash sessions (shifts) of this counter, one unclosed per cashier (docs/cash-sessions.md):
 *
 *   open (float counted by denomination) --sales, refunds, cash in/out--> open
 *   open --blind count, difference within tolerance--> closed (Z report issued)
 *   open --blind count, difference beyond tolerance--> counted --supervisor approves--> closed
 *
 * The count is blind: nothing the cashier may read shows the expected cash before the count is in,
 * and the count, once in, is fixed. Every change writes its audit entry in its own transaction.
 */
import { and, asc, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { cashShares, countTotal, roundCash } from '#shared/cash.js';
import type {
  ApproveCashSessionBody,
  CashMovementBody,
  CashReport,
  CashReportQuery,
  CashSession,
  CountCashSessionBody,
  CountResult,
  OpenCashSessionBody,
} from '#shared/schemas/cash-session.js';
import { CashReport as CashReportSchema } from '#shared/schemas/cash-session.js';
import type { PaymentMethod } from '#shared/schemas/payment.js';
import { messages } from '#shared/messages.js';
import { fromMinor, fromMinorSigned, toMinor } from '#shared/money.js';
import { supervisesCash } from '#shared/roles.js';
import { REPORT_TIME_ZONE } from '#shared/report-days.js';
import { writeTransaction, type Db } from '../db/connection.js';
import { cashEntries, cashReports, cashSessions, ticketCategories, xReports } from '../db/schema.js';
import type { SettingsStore } from '../settings/store.js';
import type { Actor, Access } from './access.js';
import type { Approvals } from './approvals.js';
import type { AuditActor, AuditLog } from './audit.js';
import { buildCashReport, cashMoved, type CashSessionRow } from './cash-report.js';
import { createNumbering, X_REPORTS, Z_REPORTS } from './numbering.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';
import { newId } from './ids.js';
import { parseInstant, toIso } from './time.js';

export interface CashSessionDeps {
  db: Db;
  clock: Clock;
  access: Access;
  audit: AuditLog;
  settings: SettingsStore;
  approvals: Approvals;
}

/** What a sale or a refund puts into (or takes out of) a session. */
export interface SessionMoney {
  kind: 'sale' | 'refund';
  method: PaymentMethod;
  orderId: string;
  ticketCategoryId: string;
  amount: number;
  rounding: number;
  reference: string | null;
  reason: string | null;
}

export function createCashSessions({ db, clock, access, audit, settings, approvals }: CashSessionDeps) {
  // Every sale and checkout asks for the cashier's session: prepared once, as the sale's own are.
  const ph = sql.placeholder;
  const unclosedOfUser = db
    .select()
    .from(cashSessions)
    .where(and(eq(cashSessions.cashierUserId, ph('userId')), ne(cashSessions.status, 'closed')))
    .prepare();
  const anySession = db.select({ id: cashSessions.id }).from(cashSessions).limit(1).prepare();
  const categoryName = db.select({ name: ticketCategories.name }).from(ticketCategories).where(eq(ticketCategories.id, ph('id'))).prepare();
  const unclosedOf = (userId: string) => unclosedOfUser.get({ userId });
  const nextNumber = createNumbering(db);
  const entriesOf = (sessionId: string) => db.select().from(cashEntries).where(eq(cashEntries.sessionId, sessionId)).orderBy(asc(cashEntries.at), asc(cashEntries.id)).all();
  /** What the drawer should hold now, in sen: never less than nothing, since no cash leaves beyond it. */
  const drawerCash = (row: CashSessionRow) => row.openingFloat + cashMoved(entriesOf(row.id));
  const reportNumberOf = (sessionId: string) => db.select({ number: cashReports.number }).from(cashReports).where(eq(cashReports.sessionId, sessionId)).get()?.number ?? null;

  function toDto(row: CashSessionRow): CashSession {
    return {
      id: row.id,
      status: row.status,
      cashierUserId: row.cashierUserId,
      cashierName: row.cashierName,
      openingFloat: fromMinor(row.openingFloat),
      openedAt: toIso(row.openedAt, REPORT_TIME_ZONE),
      closedAt: row.closedAt === null ? null : toIso(row.closedAt, REPORT_TIME_ZONE),
      reportNumber: reportNumberOf(row.id),
    };
  }

  /** The session, if the actor may read it: its cashier's, or one whose cashier it supervises (access.shiftsSupervised). */
  function readable(actor: Actor, sessionId: string): CashSessionRow {
    const row = db.select().from(cashSessions).where(eq(cashSessions.id, sessionId)).get();
    if (!row) throw new AppError('NOT_FOUND', messages.cashSessionNotFound);
    if (!access.supervisesShiftOf(actor, row.cashierUserId)) throw new AppError('FORBIDDEN', messages.cashSessionForbidden);
    return row;
  }

  /** The session as listed, if the actor may read it (its cashier, a supervisor): 404 or 403 otherwise. */
  const get = (actor: Actor, sessionId: string): CashSession => toDto(readable(actor, sessionId));

  /** The actor's own session in `status`, or a refusal saying why not. */
  function ownIn(actor: Actor, sessionId: string, status: CashSessionRow['status'], refusal: string): CashSessionRow {
    const row = readable(actor, sessionId);
    if (row.cashierUserId !== actor.userId) throw new AppError('FORBIDDEN', messages.cashSessionNotYours);
    if (row.status !== status) throw new AppError('INVALID_STATE', refusal);
    return row;
  }

  /** `by`: who the audit log names, when it is not the cashier itself (the command line). */
  function open(actor: Actor, body: OpenCashSessionBody, by: AuditActor = actor): CashSession {
    access.requireSeller(actor);
    const now = clock();
    const row = writeTransaction(db, () => {
      if (unclosedOf(actor.userId)) throw new AppError('INVALID_STATE', messages.cashSessionAlreadyOpen);
      const values: CashSessionRow = {
        id: newId(now),
        cashierUserId: actor.userId,
        cashierName: actor.name,
        status: 'open',
        openingCount: body.openingCount,
        openingFloat: countTotal(body.openingCount),
        openedAt: now,
        closingCount: null,
        countedCash: null,
        expectedCash: null,
        countedAt: null,
        closedAt: null,
        approvedByUserId: null,
        approvedByName: null,
        approvalReason: null,
      };
      db.insert(cashSessions).values(values).run();
      audit.record(by, 'cash_session.opened', { subjectId: values.id, details: { openingFloat: fromMinor(values.openingFloat) } });
      return values;
    });
    return toDto(row);
  }

  /** The actor's session not yet closed (open, or counted and awaiting approval), or null. */
  function current(actor: Actor): CashSession | null {
    const row = unclosedOf(actor.userId);
    return row ? toDto(row) : null;
  }

  function list(actor: Actor, query: { from?: string; to?: string }): CashSession[] {
    const filters: SQL[] = [];
    filters.push(access.shiftsSupervised(actor)(cashSessions.cashierUserId));
    if (query.from) filters.push(gte(cashSessions.openedAt, parseInstant(query.from)));
    if (query.to) filters.push(lte(cashSessions.openedAt, parseInstant(query.to)));
    return db
      .select()
      .from(cashSessions)
      .where(and(...filters))
      .orderBy(desc(cashSessions.openedAt))
      .limit(200)
      .all()
      .map(toDto);
  }

  function addEntry(row: CashSessionRow, by: Actor, entry: Omit<typeof cashEntries.$inferInsert, 'id' | 'sessionId' | 'userId' | 'userName' | 'at'>, now: number) {
    db.insert(cashEntries)
      .values({ ...entry, id: newId(now), sessionId: row.id, at: now, userId: by.userId, userName: by.name })
      .run();
  }

  function move(actor: Actor, sessionId: string, body: CashMovementBody, by: AuditActor = actor): CashReport {
    const now = clock();
    return writeTransaction(db, () => {
      const row = ownIn(actor, sessionId, 'open', messages.cashSessionNotOpen);
      const amount = toMinor(body.amount);
      // Not checked against the cash the drawer should hold: a refusal above it would tell the
      // cashier that figure, which the blind count keeps from them. The count shows any shortfall.
      addEntry(row, actor, { kind: body.kind, method: 'cash', amount, rounding: 0, reason: body.reason }, now);
      audit.record(by, 'cash_session.cash_moved', { subjectId: row.id, details: { kind: body.kind, amount: body.amount, reason: body.reason } });
      return reportOf(row, xHeading(actor, row, null, now));
    });
  }

  /** Closes the session and issues its Z report, numbered next on this counter; in the caller's transaction. */
  function close(row: CashSessionRow, by: AuditActor, approval: { userId: string; name: string; email: string; reason: string } | null, now: number): CashSessionRow {
    const closed: CashSessionRow = {
      ...row,
      status: 'closed',
      closedAt: now,
      approvedByUserId: approval?.userId ?? null,
      approvedByName: approval?.name ?? null,
      approvalReason: approval?.reason ?? null,
    };
    db.update(cashSessions)
      .set({ status: 'closed', closedAt: now, approvedByUserId: closed.approvedByUserId, approvedByName: closed.approvedByName, approvalReason: closed.approvalReason })
      .where(eq(cashSessions.id, row.id))
      .run();
    const number = nextNumber(Z_REPORTS);
    const report = reportOf(closed, { kind: 'Z', number, issuedAt: now, showCash: true });
    db.insert(cashReports).values({ number, sessionId: row.id, issuedAt: now, report }).run();
    audit.record(by, 'cash_session.closed', {
      subjectId: row.id,
      details: { reportNumber: number, difference: report.difference ?? '0.00', approvedBy: approval?.email ?? null, reason: approval?.reason ?? null },
    });
    return closed;
  }

  function countResult(row: CashSessionRow): CountResult {
    const expected = row.expectedCash ?? 0;
    const counted = row.countedCash ?? 0;
    return {
      session: toDto(row),
      expectedCash: fromMinorSigned(expected),
      countedCash: fromMinor(counted),
      difference: fromMinorSigned(counted - expected),
      tolerance: fromMinor(settings.get().cashToleranceRupiah * 100),
      approvalRequired: row.status === 'counted',
    };
  }

  /** The blind count: fixed once in; closes at once when the difference is within the tolerance. */
  function count(actor: Actor, sessionId: string, body: CountCashSessionBody, by: AuditActor = actor): CountResult {
    const now = clock();
    return writeTransaction(db, () => {
      const row = ownIn(actor, sessionId, 'open', messages.cashSessionNotOpen);
      const expectedCash = drawerCash(row);
      const countedCash = countTotal(body.count);
      const counted: CashSessionRow = { ...row, status: 'counted', closingCount: body.count, countedCash, expectedCash, countedAt: now };
      db.update(cashSessions).set({ status: 'counted', closingCount: body.count, countedCash, expectedCash, countedAt: now }).where(eq(cashSessions.id, row.id)).run();
      const difference = countedCash - expectedCash;
      audit.record(by, 'cash_session.counted', {
        subjectId: row.id,
        details: { expectedCash: fromMinorSigned(expectedCash), countedCash: fromMinor(countedCash), difference: fromMinorSigned(difference) },
      });
      const withinTolerance = Math.abs(difference) <= settings.get().cashToleranceRupiah * 100;
      return countResult(withinTolerance ? close(counted, by, null, now) : counted);
    });
  }

  /** A difference beyond the tolerance, approved by a supervisor with a reason: the session closes. */
  async function approve(actor: Actor, sessionId: string, body: ApproveCashSessionBody, by: AuditActor = actor): Promise<CountResult> {
    const { cashierUserId } = readable(actor, sessionId);
    const approver = await approvals.approve(actor, body.approval, { cashierUserId });
    const now = clock();
    return writeTransaction(db, () => {
      const row = readable(actor, sessionId);
      if (row.status !== 'counted') throw new AppError('INVALID_STATE', messages.cashSessionNotCounted);
      return countResult(close(row, by, { ...approver, reason: body.reason }, now));
    });
  }

  function reportOf(row: CashSessionRow, heading: Parameters<typeof buildCashReport>[2]): CashReport {
    return buildCashReport(row, entriesOf(row.id), heading);
  }

  /** An X report's heading: the cashier's own leaves the drawer's figures out until the count is in. */
  const xHeading = (actor: Actor, row: CashSessionRow, number: number | null, issuedAt: number) => ({
    kind: 'X' as const,
    number,
    issuedAt,
    showCash: supervisesCash(actor.role) || row.status === 'counted',
  });

  /**
   * The session's report: an issued X report by its number (`xReport`), else the Z report as
   * issued for a closed session, else an X report of it so far (not stored, not numbered).
   */
  function report(actor: Actor, sessionId: string, query: CashReportQuery = {}): CashReport {
    const row = readable(actor, sessionId);
    if (query.xReport !== undefined) {
      const x = db.select({ report: xReports.report }).from(xReports).where(and(eq(xReports.sessionId, row.id), eq(xReports.number, query.xReport))).get();
      if (!x) throw new AppError('NOT_FOUND', messages.xReportNotFound);
      return CashReportSchema.parse(x.report);
    }
    const issued = db.select({ report: cashReports.report }).from(cashReports).where(eq(cashReports.sessionId, row.id)).get();
    if (issued) return CashReportSchema.parse(issued.report);
    return reportOf(row, xHeading(actor, row, null, clock()));
  }

  /** Issues (stores, numbered next in the counter's X sequence) an X report of a session not yet closed. */
  function issueX(actor: Actor, sessionId: string, by: AuditActor = actor): CashReport {
    const now = clock();
    return writeTransaction(db, () => {
      const row = readable(actor, sessionId);
      if (row.status === 'closed') throw new AppError('INVALID_STATE', messages.xReportOfClosedSession);
      const number = nextNumber(X_REPORTS);
      const report = reportOf(row, xHeading(actor, row, number, now));
      db.insert(xReports).values({ number, sessionId: row.id, issuedAt: now, issuedByUserId: actor.userId, issuedByName: actor.name, report }).run();
      audit.record(by, 'cash_session.x_report_issued', { subjectId: row.id, details: { reportNumber: number } });
      return report;
    });
  }

  /** Whether this counter keeps cash sessions: from its first shift on, cash needs an open one. */
  const inUse = () => anySession.get() !== undefined;

  /** The actor's open session for a sale or refund by `method`: required for cash once sessions are in use. */
  function sessionFor(actor: Actor, method: PaymentMethod): CashSessionRow | undefined {
    const row = unclosedOf(actor.userId);
    const open = row?.status === 'open' ? row : undefined;
    if (!open && method === 'cash' && inUse()) throw new AppError('CASH_SESSION_REQUIRED', messages.cashSessionRequired);
    return open;
  }

  /** The cash a customer pays for `total` sen under the counter's rounding setting. */
  const cashDue = (total: number) => roundCash(total, settings.get().cashRoundingRupiah);
  /** The cash of each of several totals paid together (a basket's lines): whole amounts adding up to cashDue of their sum. */
  const lineShares = (totals: readonly number[]) => cashShares(totals, settings.get().cashRoundingRupiah);

  /**
   * Records a sale's payment or a refund in the actor's open session; call it inside the order's
   * transaction. A cash one without an open session is refused (sessionFor); another is recorded
   * where there is a session and otherwise left out of every drawer.
   */
  function record(actor: Actor, money: SessionMoney, now: number): string | null {
    const row = sessionFor(actor, money.method);
    if (!row) return null;
    if (money.kind === 'refund' && money.method === 'cash' && money.amount + money.rounding > drawerCash(row)) throw new AppError('INVALID_STATE', messages.drawerTooShortForRefund);
    const category = categoryName.get({ id: money.ticketCategoryId });
    addEntry(
      row,
      actor,
      {
        kind: money.kind,
        method: money.method,
        amount: money.amount,
        rounding: money.rounding,
        orderId: money.orderId,
        categoryName: category?.name ?? null,
        reference: money.reference,
        reason: money.reason,
      },
      now,
    );
    return row.id;
  }

  /** Every sale, refund and cash movement of every session between two instants, oldest first (the command line's report). */
  const entriesBetween = (from: number, to: number) =>
    db
      .select({ entry: cashEntries, cashierName: cashSessions.cashierName })
      .from(cashEntries)
      .innerJoin(cashSessions, eq(cashSessions.id, cashEntries.sessionId))
      .where(and(gte(cashEntries.at, from), lte(cashEntries.at, to)))
      .orderBy(asc(cashEntries.at), asc(cashEntries.id))
      .all();

  return { open, current, get, list, move, count, approve, report, issueX, sessionFor, cashDue, cashShares: lineShares, record, entriesBetween };
}
export type CashSessions = ReturnType<typeof createCashSessions>;
