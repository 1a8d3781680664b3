/** The sales report as a react-query hook. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contract } from '#shared/contract/index.js';
import type { SalesReportQuery } from '#shared/schemas/sales-report.js';
import { api } from './client';

export function useSalesReport(query: SalesReportQuery) {
  return useQuery({
    queryKey: ['sales-report', query],
    queryFn: () => api(contract.getSalesReport, { query }),
    placeholderData: keepPreviousData,
  });
}
