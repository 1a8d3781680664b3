import { usePrinter, usePrintJobs } from '../api/print-hooks';

/**
 * In the header, where the operator looks: receipts waiting for the printer (off, out of paper) or
 * cut off by a crash, as a button to the queue. Nothing while every receipt is printed.
 */
export function PrinterPill({ onOpen }: { onOpen: () => void }) {
  const printer = usePrinter();
  const jobs = usePrintJobs(Boolean(printer)).data ?? [];
  const open = jobs.filter((job) => job.state === 'waiting' || job.state === 'interrupted');
  if (!printer || open.length === 0) return null;
  return (
    <button type="button" className="pill offline printer-pill" data-testid="printer-pill" title={open[0]!.lastError ?? undefined} onClick={onOpen}>
      Printer: {open.length} menunggu
    </button>
  );
}
