import { useMutation } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { messages } from '#shared/messages.js';
import type { PrintJob } from '#shared/schemas/printing.js';
import type { InvoiceLayout } from '#shared/schemas/settings.js';
import { useInvoiceLayout } from '../api/hooks';
import { useOneAtATime } from '../api/one-at-a-time';
import { usePrinter, usePrintJobs, usePrintOnPrinter } from '../api/print-hooks';
import { Kbd, useShortcuts } from '../keyboard';
import { Notice } from './Field';
import { LayoutSelect } from './LayoutSelect';

/** A paper the counter prints: an order's invoice, a basket's receipt, a shift's report. */
export interface Paper {
  /** Which one it is: printed by itself once per key. */
  key: string;
  /** What the print button says. */
  label: string;
  /** The job the printer's queue took (for a basket with slips, its receipt's). */
  toPrinter: () => Promise<PrintJob>;
  printPdf: (layout: InvoiceLayout) => Promise<void>;
  downloadPdf: (layout: InvoiceLayout) => Promise<void>;
}

/** The papers printed by themselves after their payment: once each, however often their Done screen is drawn. */
const autoPrinted = new Set<string>();

/**
 * Print or save a paper. With a receipt printer set, Alt+P prints it there (through the queue) and
 * the print dialog with the PDF stays one key away (Alt+O); without one, Alt+P opens the dialog.
 * The PDF is in the layout chosen here or the counter's default. Right after a payment
 * (`justPaid`) it prints by itself when the counter is set to. `children`: more buttons on the row.
 */
export function PrintButtons({ paper, justPaid = false, children }: { paper: Paper; justPaid?: boolean; children?: ReactNode }) {
  const [layout, setLayout] = useInvoiceLayout();
  const printer = usePrinter();
  const onPrinter = usePrintOnPrinter(paper.toPrinter);
  const dialog = useMutation({ mutationFn: () => paper.printPdf(layout) });
  const download = useMutation({ mutationFn: () => paper.downloadPdf(layout) });
  const { mutate: printNow } = onPrinter;
  useEffect(() => {
    if (!justPaid || !printer?.printerAutoPrint || autoPrinted.has(paper.key)) return;
    autoPrinted.add(paper.key);
    printNow();
  }, [justPaid, printer, paper.key, printNow]);
  // A second press while the first is on its way does nothing more: every fetch of a paper counts
  // as a print (the customer's first came back stamped SALINAN) or issues it (a second X report).
  const printing = useOneAtATime();
  const opening = useOneAtATime();
  const saving = useOneAtATime();
  const toPrinter = () => printing(onPrinter, undefined);
  const toDialog = () => opening(dialog, undefined);
  const toFile = () => saving(download, undefined);
  useShortcuts({
    'Alt+P': printer ? toPrinter : toDialog,
    'Alt+O': printer ? toDialog : undefined,
    'Alt+U': toFile,
  });
  const error = onPrinter.error ?? dialog.error ?? download.error;
  return (
    <div className="invoice-buttons">
      {printer && (
        <button type="button" className="secondary" disabled={onPrinter.isPending} onClick={toPrinter}>
          {paper.label} <Kbd keys="Alt+P" />
        </button>
      )}
      <LayoutSelect value={layout} onChange={setLayout} />
      <button type="button" className="secondary" disabled={dialog.isPending} onClick={toDialog}>
        {printer ? 'Dialog cetak' : paper.label} <Kbd keys={printer ? 'Alt+O' : 'Alt+P'} />
      </button>
      <button type="button" className="secondary" disabled={download.isPending} onClick={toFile}>
        Unduh PDF <Kbd keys="Alt+U" />
      </button>
      {children}
      {onPrinter.data && !error && <PrintOutcome sent={onPrinter.data} />}
      {error && <Notice kind="error">{error.message}</Notice>}
    </div>
  );
}

/**
 * What became of a paper sent to the printer, said where it was printed: printed; or, when the
 * printer did not take it, in words what that means and what to do, at once (the queue's next look).
 */
function PrintOutcome({ sent }: { sent: PrintJob }) {
  const job = usePrintJobs(true).data?.find((j) => j.id === sent.id) ?? sent;
  if (job.state === 'printed') return <Notice kind="success">Tercetak.</Notice>;
  if (job.state === 'cancelled') return <Notice kind="warning">{messages.receiptCancelled}</Notice>;
  if (job.lastError) return <Notice kind="error">{messages.receiptNotPrinted(job.lastError)}</Notice>;
  return <Notice kind="info">Dikirim ke printer…</Notice>;
}
