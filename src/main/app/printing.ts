/**
 * Printing on the counter's receipt printer, for the counter and for the venue's devices: an
 * order's invoice or a basket's receipt (the same documents as their PDFs, SALINAN from the second
 * print on; the cash drawer kicked with a cash payment's original), a shift's X or Z report, and a
 * test page. Each goes through the durable queue (printing/print-queue.ts).
 */
import type { PrintJob } from '#shared/schemas/printing.js';
import type { Settings } from '#shared/schemas/settings.js';
import { messages } from '#shared/messages.js';
import type { OpenDrawerBody } from '#shared/schemas/cash-session.js';
import type { Access, Actor } from '../domain/access.js';
import type { Approvals } from '../domain/approvals.js';
import type { AuditLog } from '../domain/audit.js';
import type { CashSessions } from '../domain/cash-sessions.js';
import { AppError } from '../domain/errors.js';
import type { EventRow, EventService } from '../domain/events.js';
import { cashReportDocument } from '../invoice/cash-report-document.js';
import type { PrintedDocument } from '../invoice/document.js';
import type { InvoiceService } from '../invoice/service.js';
import { encodeDocument } from '../printing/escpos.js';
import type { PrintQueue } from '../printing/print-queue.js';
import type { SettingsStore } from '../settings/store.js';

export interface PrintingDeps {
  access: Access;
  approvals: Approvals;
  audit: AuditLog;
  cashSessions: CashSessions;
  events: EventService;
  invoices: InvoiceService;
  queue: PrintQueue;
  settings: SettingsStore;
}

export function createPrinting({ access, approvals, audit, cashSessions, events, invoices, queue, settings }: PrintingDeps) {
  /** The printer as set now; refused before anything is counted as printed when there is none. */
  function printer(): Settings {
    const current = settings.get();
    if (!current.printerAddress) throw new AppError('INVALID_STATE', messages.noPrinter);
    return current;
  }

  const send = (actor: Actor, eventId: string | null, document: PrintedDocument, current: Settings, drawer: Settings['drawerKick']) =>
    queue.enqueue(actor, eventId, document.title, encodeDocument(document, { paperWidth: current.printerPaperWidth, codepage: current.printerCodepage }), drawer);

  /**
   * The drawer opens for the cash just taken, once: with the original of a cash payment's paper, and
   * only for someone who sells on the event (a kiosk that may only read prints, but opens nothing).
   */
  const drawerFor = (actor: Actor, event: EventRow, current: Settings, cashOriginal: boolean) =>
    cashOriginal && access.allows(actor, event, 'event:update') ? current.drawerKick : 'none';

  async function printInvoice(actor: Actor, idOrSlug: string, orderId: string): Promise<PrintJob> {
    // Who may read the order first: a stranger learns nothing, not even whether a printer is set.
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    const current = printer();
    const { document, order, copy } = await invoices.invoiceDocumentOf(actor, idOrSlug, orderId);
    // A basket's cash was taken once: its receipt opens the drawer, not each ticket's slip.
    const cashOriginal = !copy && !order.transactionId && order.paymentStatus === 'paid' && order.payment?.method === 'cash';
    return send(actor, event.id, document, current, drawerFor(actor, event, current, cashOriginal));
  }

  /** A basket's one receipt; its original kicks the drawer when the basket was paid in cash. */
  function printBasketReceipt(actor: Actor, idOrSlug: string, transactionId: string): PrintJob {
    const event = events.resolveFor(actor, idOrSlug, 'event:read');
    const current = printer();
    const { document, basket, copy } = invoices.basketReceiptDocumentOf(actor, idOrSlug, transactionId);
    const cashOriginal = !copy && basket.orders.some((o) => o.paymentStatus === 'paid' && o.payment?.method === 'cash');
    return send(actor, event.id, document, current, drawerFor(actor, event, current, cashOriginal));
  }

  /**
   * A shift's report on the printer: a closed shift's Z report as issued, else an X report of the
   * shift so far, issued (numbered and kept) as printing or exporting one always is; the same
   * report GET …/report answers, blind for its cashier before the count. No drawer kick.
   *
   * The job names no event: a shift is the counter's, not an event's, and the queue scopes jobs by
   * event only. A job without one is listed to everyone who sells at this counter (as test pages
   * and drawer kicks are), which includes whoever may read the shift (its cashier, a supervisor);
   * the other cashiers see the job's title (the report's number and cashier), never its figures,
   * which come out on the counter's one printer in front of them anyway.
   */
  function printCashReport(actor: Actor, sessionId: string): PrintJob {
    // Who may read the shift first: a stranger learns nothing, not even whether a printer is set.
    const session = cashSessions.get(actor, sessionId);
    const current = printer();
    const report = session.status === 'closed' ? cashSessions.report(actor, session.id) : cashSessions.issueX(actor, session.id);
    return send(actor, null, cashReportDocument(report, current.counterName), current, 'none');
  }

  /** A page that says the printer is set up right: the counter's name, the roll and a QR code to scan. */
  function testPrint(actor: Actor): PrintJob {
    access.requireSeller(actor);
    const current = printer();
    const document: PrintedDocument = {
      title: 'Tes printer',
      blocks: [
        { kind: 'title', text: current.counterName },
        { kind: 'subtitle', text: 'Tes printer struk' },
        { kind: 'row', label: 'Printer', value: current.printerAddress },
        { kind: 'row', label: 'Lebar kertas', value: `${current.printerPaperWidth} mm` },
        { kind: 'row', label: 'Tabel karakter', value: current.printerCodepage },
        { kind: 'text', text: 'Huruf: ÀÉÎÕÜ àéîõü × · Rp 1.234.567' },
        { kind: 'qr', token: `TES ${current.counterName}` },
        { kind: 'footer', text: `Dicetak oleh ${actor.name}.` },
      ],
    };
    return send(actor, null, document, current, 'none');
  }

  /** The drawer opened without a sale: approved by a supervisor and audited, as money may leave it. */
  async function openDrawer(actor: Actor, body: OpenDrawerBody): Promise<PrintJob> {
    access.requireSeller(actor);
    printer();
    const approver = await approvals.approve(actor, body.approval, { cashierUserId: actor.userId });
    audit.record(actor, 'cash_drawer.opened', { subjectId: null, details: { reason: body.reason, approvedBy: approver.email } });
    return kickDrawer(actor, body.reason);
  }

  /** Cash put in or taken out of the drawer: it opens, when the printer is set to open it at all. */
  function kickForCash(actor: Actor, what: string): void {
    const current = settings.get();
    if (current.printerAddress && current.drawerKick !== 'none') kickDrawer(actor, what);
  }

  /** The drawer kicked alone, through the queue like a receipt. */
  const kickDrawer = (actor: Actor, why: string) => queue.enqueue(actor, null, `Laci kas dibuka: ${why}`, new Uint8Array(), 'before');

  /** The queue is the counter's, for those who sell here; each sees the jobs of the events it may read. */
  const scopeOf = (actor: Actor) => {
    access.requireSeller(actor);
    return access.eventsAllowing(actor, 'event:read');
  };

  const jobs = (actor: Actor): PrintJob[] => queue.list(scopeOf(actor));
  const retry = (actor: Actor, jobId: string): PrintJob => queue.retry(scopeOf(actor), jobId);
  const cancel = (actor: Actor, jobId: string): PrintJob => queue.cancel(scopeOf(actor), jobId);

  return { printInvoice, printBasketReceipt, printCashReport, testPrint, openDrawer, kickForCash, jobs, retry, cancel };
}
export type Printing = ReturnType<typeof createPrinting>;
