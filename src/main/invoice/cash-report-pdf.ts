/**
 * A session's X or Z report as a PDF, A4 or an 80 mm roll like the invoice: the very document the
 * receipt printer prints (cash-report-document.ts), drawn by the PDF renderer, so that the PDF
 * carries the drawer's arithmetic line by line as the paper does.
 */
import type { CashReport } from '#shared/schemas/cash-session.js';
import type { InvoiceLayout } from '#shared/schemas/settings.js';
import { cashReportDocument } from './cash-report-document.js';
import { renderDocument } from './render.js';

export function renderCashReport(report: CashReport, layout: InvoiceLayout, counterName: string): Promise<Buffer> {
  return renderDocument(cashReportDocument(report, counterName), layout);
}
