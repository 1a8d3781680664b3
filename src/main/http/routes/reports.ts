import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import { salesReportCsv } from '../../reports/sales-report-csv.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok } from '../envelope.js';
import { mount } from '../mount.js';

/** Extension: the sales report (domain/sales-report.ts), read on the read thread (read-thread/read-thread.ts). */
export const reportRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { reads } = services;
  mount(app, services, 'getSalesReport', async (request) => ok(request, messages.salesReportFetched, await reads.read('salesReport', actorOf(request), request.query)));
  mount(app, services, 'getSalesReportCsv', async (request, reply) => {
    const report = await reads.read('salesReport', actorOf(request), request.query);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="penjualan-${report.from.slice(0, 10)}-${report.to.slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store');
    return salesReportCsv(report);
  });
};
