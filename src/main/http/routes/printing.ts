import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok } from '../envelope.js';
import { mount } from '../mount.js';

/** The counter's receipt printer: printing an order's receipt, a shift's report or a test page, and the queue. */
export const printingRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { printing } = services;

  mount(app, services, 'printInvoice', async (request) =>
    ok(request, messages.printQueued, await printing.printInvoice(actorOf(request), request.params.idOrSlug, request.params.orderId)),
  );

  mount(app, services, 'printTransactionReceipt', (request) =>
    ok(request, messages.printQueued, printing.printBasketReceipt(actorOf(request), request.params.idOrSlug, request.params.transactionId)),
  );

  mount(app, services, 'printCashReport', (request) => ok(request, messages.printQueued, printing.printCashReport(actorOf(request), request.params.sessionId)));

  mount(app, services, 'testPrint', (request) => ok(request, messages.printQueued, printing.testPrint(actorOf(request))));

  mount(app, services, 'openCashDrawer', async (request) => ok(request, messages.drawerOpened, await printing.openDrawer(actorOf(request), request.body)));

  mount(app, services, 'listPrintJobs', (request) => ok(request, messages.printJobsListed, printing.jobs(actorOf(request))));

  mount(app, services, 'retryPrintJob', (request) => ok(request, messages.printJobChanged, printing.retry(actorOf(request), request.params.jobId)));

  mount(app, services, 'cancelPrintJob', (request) => ok(request, messages.printJobChanged, printing.cancel(actorOf(request), request.params.jobId)));
};
