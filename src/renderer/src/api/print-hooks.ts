/** The counter's receipt printer as react-query hooks: printing, and its queue as it goes. */
import { useQuery } from '@tanstack/react-query';
import { contract } from '#shared/contract/index.js';
import type { OpenDrawerBody } from '#shared/schemas/cash-session.js';
import type { PrintJob } from '#shared/schemas/printing.js';
import { api, once } from './client';
import { orderParams, useChange, useSettings } from './hooks';

const PRINT_JOBS = ['print-jobs'] as const;
/** The queue changes on its own (a printer coming back): looked at again this often. */
const QUEUE_REFRESH_MS = 3000;

/** The printer settings when receipts go to a printer here; undefined when they go to PDFs. */
export function usePrinter() {
  const settings = useSettings().data;
  return settings?.printerAddress ? settings : undefined;
}

export function usePrintJobs(enabled: boolean) {
  // Refused (the queue is for those who sell here), it is not asked again and again.
  return useQuery({ queryKey: PRINT_JOBS, queryFn: () => api(contract.listPrintJobs, {}), refetchInterval: (query) => (query.state.error ? false : QUEUE_REFRESH_MS), retry: false, enabled });
}

/** Sends something to the printer's queue (an order's receipt, a basket's, a shift's report). */
export function usePrintOnPrinter(send: () => Promise<PrintJob>) {
  return useChange(send, [PRINT_JOBS]);
}

export const orderReceiptToPrinter = (order: { eventId: string; id: string }) => () => api(contract.printInvoice, { params: orderParams(order), body: {} }, once());

/** A basket's one receipt, then (when `slips` names them) each of those tickets alone, in that order. */
export const basketReceiptToPrinter =
  (basket: { eventId: string; id: string }, slips: readonly string[] = []) =>
  async () => {
    const receipt = await api(contract.printTransactionReceipt, { params: { idOrSlug: basket.eventId, transactionId: basket.id }, body: {} }, once());
    for (const id of slips) await orderReceiptToPrinter({ eventId: basket.eventId, id })();
    return receipt;
  };

/** A shift's report: its Z report once closed, else an X report so far (issued by the service). */
export const cashReportToPrinter = (sessionId: string) => () => api(contract.printCashReport, { params: { sessionId }, body: {} }, once());

export function useTestPrint() {
  return useChange(() => api(contract.testPrint, { body: {} }, once()), [PRINT_JOBS]);
}

export function useOpenDrawer() {
  return useChange((body: OpenDrawerBody) => api(contract.openCashDrawer, { body }, once()), [PRINT_JOBS]);
}

export function usePrintJobChange() {
  return useChange(
    ({ jobId, action }: { jobId: string; action: 'retry' | 'cancel' }) => api(action === 'retry' ? contract.retryPrintJob : contract.cancelPrintJob, { params: { jobId }, body: {} }),
    [PRINT_JOBS],
  );
}
