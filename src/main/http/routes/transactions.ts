import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok } from '../envelope.js';
import { idempotent } from '../idempotency.js';
import { mount } from '../mount.js';

/** Extension: baskets (domain/transactions.ts, app/selling.ts). */
export const transactionRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { selling, transactions } = services;
  const options = { preHandler: idempotent(services) };

  mount(app, services, 'createTransaction', async (request) => ok(request, messages.transactionCreated, await selling.sellBasket(actorOf(request), request.params.idOrSlug, request.body)), options);
  mount(app, services, 'getTransaction', (request) =>
    ok(request, messages.transactionFetched, transactions.get(actorOf(request), request.params.idOrSlug, request.params.transactionId)),
  );
  mount(
    app,
    services,
    'checkoutTransaction',
    async (request) => ok(request, messages.transactionPaid, await transactions.checkout(actorOf(request), request.params.idOrSlug, request.params.transactionId, request.body)),
    options,
  );
  mount(
    app,
    services,
    'confirmTransaction',
    async (request) => ok(request, messages.transactionConfirmed, await transactions.confirm(actorOf(request), request.params.idOrSlug, request.params.transactionId, request.body)),
    options,
  );
  mount(
    app,
    services,
    'rejectTransaction',
    async (request) => ok(request, messages.transactionRejected, await transactions.reject(actorOf(request), request.params.idOrSlug, request.params.transactionId, request.body)),
    options,
  );
  mount(
    app,
    services,
    'cancelTransaction',
    async (request) => ok(request, messages.transactionCancelled, await transactions.cancel(actorOf(request), request.params.idOrSlug, request.params.transactionId, request.body)),
    options,
  );
};
