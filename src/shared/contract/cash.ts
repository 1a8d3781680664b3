/** Cash sessions (shifts), the blind count, X and Z reports, and refunds: extensions (docs/cash-sessions.md). */
import { z } from 'zod';
import {
  ApproveCashSessionBody,
  CashMovementBody,
  CashReport,
  CashReportQuery,
  CashSession,
  CashSessionListQuery,
  CashSessionParams,
  CountCashSessionBody,
  CountResult,
  OpenCashSessionBody,
  RefundBody,
  ReportLayoutQuery,
} from '../schemas/cash-session.js';
import { envelope } from '../schemas/common.js';
import { OrderDetail, OrderParams } from '../schemas/order.js';
import { AUTH_ERRORS, BODY_ERRORS, binary, endpoint } from './endpoint.js';

const cash = { tags: ['cash-sessions'], access: 'user', extension: true } as const;
const READ_ERRORS = ['VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', ...AUTH_ERRORS] as const;

export const openCashSession = endpoint({
  ...cash,
  method: 'POST',
  path: '/cash-sessions',
  summary: "Open the caller's cash session (shift) with its opening float counted by denomination",
  description:
    'One unclosed session per cashier (409 INVALID_STATE otherwise). From the first session opened on this counter on, a cash payment needs an open session of the cashier taking it (409 CASH_SESSION_REQUIRED). Anyone who sells may open one.',
  body: OpenCashSessionBody,
  status: 201,
  response: envelope(CashSession),
  errors: ['FORBIDDEN', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const currentCashSession = endpoint({
  ...cash,
  method: 'GET',
  path: '/cash-sessions/current',
  summary: "The caller's session not yet closed (open, or counted awaiting approval), or null",
  status: 200,
  response: envelope(CashSession.nullable()),
  errors: [...AUTH_ERRORS],
});

export const listCashSessions = endpoint({
  ...cash,
  method: 'GET',
  path: '/cash-sessions',
  summary: 'Cash sessions of this counter, newest first (the caller’s own for a cashier; all for an organizer or the owner)',
  query: CashSessionListQuery,
  status: 200,
  response: envelope(z.array(CashSession)),
  errors: ['VALIDATION_FAILED', ...AUTH_ERRORS],
});

export const moveCash = endpoint({
  ...cash,
  method: 'POST',
  path: '/cash-sessions/:sessionId/movements',
  summary: 'Cash in (a change top-up) or cash out (a safe drop) of the caller’s open session, with a reason',
  description: 'Answers the X report so far. A cash out beyond what the drawer should hold is refused (400).',
  params: CashSessionParams,
  body: CashMovementBody,
  status: 201,
  response: envelope(CashReport),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const countCashSession = endpoint({
  ...cash,
  method: 'POST',
  path: '/cash-sessions/:sessionId/count',
  summary: 'The blind count of the caller’s open session, by denomination',
  description:
    'Nothing the cashier may read shows the expected cash before this. The count is fixed once sent; the answer shows expected, counted and the difference. Within the tolerance (setting cashToleranceRupiah) the session closes and its Z report is issued; beyond it, the session stays counted until a supervisor approves (approve).',
  params: CashSessionParams,
  body: CountCashSessionBody,
  status: 200,
  response: envelope(CountResult),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const approveCashSession = endpoint({
  ...cash,
  method: 'POST',
  path: '/cash-sessions/:sessionId/approve',
  summary: 'A supervisor approves a counted session’s difference, with a reason: the session closes, its Z report is issued',
  description:
    'approval: the e-mail and password of an organizer or of the counter’s owner (403 APPROVAL_REFUSED otherwise; repeated failures are rate-limited like logins). Recorded in the audit log with the reason.',
  params: CashSessionParams,
  body: ApproveCashSessionBody,
  status: 200,
  response: envelope(CountResult),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_STATE', 'APPROVAL_REFUSED', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const getCashReport = endpoint({
  ...cash,
  method: 'GET',
  path: '/cash-sessions/:sessionId/report',
  summary: 'The session’s report: its Z report as issued once closed, else an X report so far; or an issued X report (xReport)',
  description:
    'A Z report is numbered per counter and never changes (no route changes or deletes one; the database refuses it); so is an issued X report, in a sequence of its own. In an X report the session’s own cashier reads before the count, the drawer’s figures (expected cash, the cash line) are null.',
  params: CashSessionParams,
  query: CashReportQuery,
  status: 200,
  response: envelope(CashReport),
  errors: READ_ERRORS,
});

export const getCashReportPdf = endpoint({
  ...cash,
  method: 'GET',
  path: '/cash-sessions/:sessionId/report/pdf',
  summary: 'The session’s report as a PDF (A4, or an 80 mm receipt)',
  params: CashSessionParams,
  query: ReportLayoutQuery,
  status: 200,
  response: binary('application/pdf', 'The report'),
  produces: 'application/pdf',
  errors: READ_ERRORS,
});

export const getCashReportCsv = endpoint({
  ...cash,
  method: 'GET',
  path: '/cash-sessions/:sessionId/report/csv',
  summary: 'The session’s report as CSV (one figure a line: section, label, count, amount)',
  params: CashSessionParams,
  query: CashReportQuery,
  status: 200,
  response: binary('text/csv', 'The report'),
  produces: 'text/csv',
  errors: READ_ERRORS,
});

export const issueXReport = endpoint({
  ...cash,
  method: 'POST',
  path: '/cash-sessions/:sessionId/x-reports',
  summary: 'Issue an X report of a session not yet closed: numbered next in the counter’s X sequence, stored, never changed',
  description:
    'What printing or exporting an X report does: the answer is the report as issued, which the report, PDF and CSV routes give again with ?xReport=<number>. Whoever may read the session may issue one; the cashier’s own before the count leaves the drawer’s figures out, as on screen. A closed session has its Z report instead (409).',
  params: CashSessionParams,
  status: 201,
  response: envelope(CashReport),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const refundOrder = endpoint({
  ...cash,
  tags: ['orders'],
  method: 'POST',
  path: '/events/:idOrSlug/admin/orders/:orderId/refund',
  summary: 'Refund (void) a paid order, approved by a supervisor',
  description:
    'Only a completed/paid order. approval: the e-mail and password of the counter’s owner or of an organizer of the event (403 APPROVAL_REFUSED otherwise): a cashier alone cannot refund. The money leaves the caller’s open cash session by the payment’s method (cash needs one: 409 CASH_SESSION_REQUIRED); the order becomes cancelled (paymentStatus stays paid; the detail carries refund), the ticket is void at once (check-in answers 409) and the seat is free. A ticket already used at a gate: 409 ALREADY_CHECKED_IN. For an event of the remote, a hub (this service) reachable now is given the refund first, and its refusal is this answer; the remote is otherwise sent the interface’s cancel later. Permission event:update.',
  params: OrderParams,
  body: RefundBody,
  status: 200,
  response: envelope(OrderDetail),
  errors: ['FORBIDDEN', 'ORDER_NOT_FOUND', 'INVALID_STATE', 'ALREADY_CHECKED_IN', 'APPROVAL_REFUSED', 'CASH_SESSION_REQUIRED', 'IDEMPOTENCY_KEY_REUSED', ...BODY_ERRORS, ...AUTH_ERRORS],
});
