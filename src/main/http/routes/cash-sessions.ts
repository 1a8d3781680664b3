import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import { renderCashReport } from '../../invoice/cash-report-pdf.js';
import { cashReportCsv } from '../../reports/cash-report-csv.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok } from '../envelope.js';
import { mount } from '../mount.js';

/** Cash sessions, their count and reports (domain/cash-sessions.ts). */
export const cashSessionRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { cashSessions } = services;

  mount(app, services, 'openCashSession', (request) => ok(request, messages.cashSessionOpened, cashSessions.open(actorOf(request), request.body)));
  mount(app, services, 'currentCashSession', (request) => ok(request, messages.cashSessionFetched, cashSessions.current(actorOf(request))));
  mount(app, services, 'listCashSessions', (request) => ok(request, messages.cashSessionsListed, cashSessions.list(actorOf(request), request.query)));
  mount(app, services, 'moveCash', (request) => {
    const actor = actorOf(request);
    const moved = cashSessions.move(actor, request.params.sessionId, request.body);
    // The cash goes in or out through the drawer: it opens.
    services.printing.kickForCash(actor, `${request.body.kind === 'cash_in' ? 'kas masuk' : 'kas keluar'} Rp ${request.body.amount}`);
    return ok(request, messages.cashMoved, moved);
  });
  mount(app, services, 'countCashSession', (request) =>
    ok(request, messages.cashCounted, cashSessions.count(actorOf(request), request.params.sessionId, request.body)),
  );
  mount(app, services, 'approveCashSession', async (request) =>
    ok(request, messages.cashSessionClosed, await cashSessions.approve(actorOf(request), request.params.sessionId, request.body)),
  );
  mount(app, services, 'getCashReport', (request) => ok(request, messages.cashReportFetched, cashSessions.report(actorOf(request), request.params.sessionId, request.query)));
  mount(app, services, 'issueXReport', (request) => ok(request, messages.xReportIssued, cashSessions.issueX(actorOf(request), request.params.sessionId)));

  mount(app, services, 'getCashReportPdf', async (request, reply) => {
    const report = cashSessions.report(actorOf(request), request.params.sessionId, request.query);
    const settings = services.settings.get();
    const pdf = await renderCashReport(report, request.query.layout ?? settings.invoiceLayout, settings.counterName);
    reply.type('application/pdf').header('content-disposition', `inline; filename="laporan-${report.kind.toLowerCase()}-${report.number ?? report.sessionId}.pdf"`).header('cache-control', 'no-store');
    return pdf;
  });

  mount(app, services, 'getCashReportCsv', (request, reply) => {
    const report = cashSessions.report(actorOf(request), request.params.sessionId, request.query);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="laporan-${report.kind.toLowerCase()}-${report.number ?? report.sessionId}.csv"`).header('cache-control', 'no-store');
    return cashReportCsv(report);
  });
};
