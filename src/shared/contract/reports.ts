/** The sales report: an extension (docs/cash-sessions.md, Reports). */
import { SalesReport, SalesReportQuery } from '../schemas/sales-report.js';
import { envelope } from '../schemas/common.js';
import { AUTH_ERRORS, binary, endpoint } from './endpoint.js';

const reports = { tags: ['reports'], access: 'user', extension: true } as const;
const ERRORS = ['VALIDATION_FAILED', ...AUTH_ERRORS] as const;
const SCOPE =
  'A sale is a payment that became paid in [from, to), at the order’s total; a refund counts when given. The owner reads every sale; an organizer the sales of its own events; a cashier the sales it took (its invoices) and the refunds it gave. Days and hours are Asia/Jakarta’s.';

export const getSalesReport = endpoint({
  ...reports,
  method: 'GET',
  path: '/reports/sales',
  summary: 'Sales by day and hour, payment method, category and cashier, and the refunds, between two instants',
  description: SCOPE,
  query: SalesReportQuery,
  status: 200,
  response: envelope(SalesReport),
  errors: ERRORS,
});

export const getSalesReportCsv = endpoint({
  ...reports,
  method: 'GET',
  path: '/reports/sales/csv',
  summary: 'The same sales report as CSV (one figure a line: section, label, count, amount), for a spreadsheet',
  description: SCOPE,
  query: SalesReportQuery,
  status: 200,
  response: binary('text/csv', 'The report'),
  produces: 'text/csv',
  errors: ERRORS,
});
