/** The counter's receipt printer (extensions): printing for the counter and the venue's devices, and its queue. */
import { z } from 'zod';
import { CashSessionParams, OpenDrawerBody } from '../schemas/cash-session.js';
import { envelope } from '../schemas/common.js';
import { OrderParams } from '../schemas/order.js';
import { PrintJob, PrintJobParams } from '../schemas/printing.js';
import { TransactionParams } from '../schemas/transaction.js';
import { AUTH_ERRORS, BODY_ERRORS, endpoint } from './endpoint.js';

const printing = { tags: ['printing'], access: 'user', extension: true } as const;
const Empty = z.strictObject({});

export const printInvoice = endpoint({
  ...printing,
  method: 'POST',
  path: '/events/:idOrSlug/admin/orders/:orderId/print',
  summary: "Print the order's invoice as a receipt on the counter's printer",
  description:
    'Permission event:read (as the invoice PDF). Queued, then printed in order (GET /print-jobs says how it went); counted as a print: SALINAN from the second on. A cash payment\'s original kicks the drawer as the drawerKick setting says. 409 INVALID_STATE when no printer is set.',
  params: OrderParams,
  body: Empty,
  status: 201,
  response: envelope(PrintJob),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', 'ORDER_NOT_FOUND', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const printTransactionReceipt = endpoint({
  ...printing,
  method: 'POST',
  path: '/events/:idOrSlug/admin/transactions/:transactionId/print',
  summary: "Print a basket's one receipt on the counter's printer",
  description: 'As …/orders/{orderId}/print, for the receipt of GET …/transactions/{transactionId}/receipt: counted as a print (SALINAN from the second), a cash basket\'s original kicks the drawer.',
  params: TransactionParams,
  body: Empty,
  status: 201,
  response: envelope(PrintJob),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', 'NOT_FOUND', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const printCashReport = endpoint({
  ...printing,
  method: 'POST',
  path: '/cash-sessions/:sessionId/print',
  summary: "Print a shift's report on the counter's printer: the Z report of a closed shift, else an X report of it so far",
  description:
    "Whoever may read the session's report (its cashier, an organizer or the counter's owner), checked first. A closed session prints its Z report as issued; another issues an X report first (numbered and kept, as POST …/x-reports), blind for its cashier before the count as on screen. Queued like a receipt, no drawer kick. 409 INVALID_STATE when no printer is set.",
  params: CashSessionParams,
  body: Empty,
  status: 201,
  response: envelope(PrintJob),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const testPrint = endpoint({
  ...printing,
  method: 'POST',
  path: '/print-jobs/test',
  summary: 'Print a test page on the counter\'s printer',
  description: 'For anyone who sells here. 409 INVALID_STATE when no printer is set.',
  body: Empty,
  status: 201,
  response: envelope(PrintJob),
  errors: ['FORBIDDEN', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const openCashDrawer = endpoint({
  ...printing,
  method: 'POST',
  path: '/cash-drawer/open',
  summary: "Open the cash drawer (kicked by the receipt printer) without a sale",
  description: "For anyone who sells here, with a reason and a supervisor's approval (an organizer or the counter's owner); recorded in the audit log as cash_drawer.opened. 409 INVALID_STATE when no printer is set.",
  body: OpenDrawerBody,
  status: 201,
  response: envelope(PrintJob),
  errors: ['FORBIDDEN', 'APPROVAL_REFUSED', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const listPrintJobs = endpoint({
  ...printing,
  method: 'GET',
  path: '/print-jobs',
  summary: "The printer's queue: every job not printed yet (oldest first), then the last printed",
  status: 200,
  response: envelope(z.array(PrintJob)),
  errors: ['FORBIDDEN', ...AUTH_ERRORS],
});

const jobChange = {
  ...printing,
  method: 'POST',
  params: PrintJobParams,
  body: Empty,
  status: 200,
  response: envelope(PrintJob),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS],
} as const;

export const retryPrintJob = endpoint({ ...jobChange, path: '/print-jobs/:jobId/retry', summary: 'Send a waiting or interrupted job again now' });

export const cancelPrintJob = endpoint({ ...jobChange, path: '/print-jobs/:jobId/cancel', summary: 'Cancel a waiting or interrupted job' });
