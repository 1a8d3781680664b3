/** The counter's receipt printer as react-query hooks: printing, and its queue as it goes. */
import { useQuery } from '@tanstack/react-query';
import { contract } from '#shared/contract/index.js';
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
  return useQuery({ queryKey: PRINT_JOBS, queryFn: () => api(contract.listPrintJobs, {}), refetchInterval: QUEUE_REFRESH_MS, enabled });
}

export function usePrintReceipt(order: { eventId: string; id: string }) {
  return useChange(() => api(contract.printInvoice, { params: orderParams(order), body: {} }, once()), [PRINT_JOBS]);
}

export function useTestPrint() {
  return useChange(() => api(contract.testPrint, { body: {} }, once()), [PRINT_JOBS]);
}

export function usePrintJobChange() {
  return useChange(
    ({ jobId, action }: { jobId: string; action: 'retry' | 'cancel' }) => api(action === 'retry' ? contract.retryPrintJob : contract.cancelPrintJob, { params: { jobId }, body: {} }),
    [PRINT_JOBS],
  );
}
