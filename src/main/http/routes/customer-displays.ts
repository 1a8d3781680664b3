import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import { DISPLAY_KEY_HEADER } from '#shared/schemas/customer-display.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { ok } from '../envelope.js';
import { mount } from '../mount.js';

/** The customer display: a display registers and reads its screen with its own key; a counter pairs and feeds it. */
export const customerDisplayRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { customerDisplay } = services;

  mount(app, services, 'registerDisplay', (request) => ok(request, messages.displayRegistered, customerDisplay.register()));

  mount(app, services, 'getDisplayScreen', (request, reply) => {
    const key = request.headers[DISPLAY_KEY_HEADER];
    const screen = customerDisplay.screenOf(typeof key === 'string' ? key : undefined);
    // What a customer sees changes by the second: never kept by a cache.
    reply.header('cache-control', 'no-store');
    return ok(request, messages.displayScreenFetched, screen);
  });

  mount(app, services, 'pairDisplay', (request) => ok(request, messages.displayPaired, customerDisplay.pair(actorOf(request), request.body.code)));

  mount(app, services, 'showOnDisplay', (request) => {
    customerDisplay.show(actorOf(request), request.body);
    return ok(request, messages.displayViewShown, request.body);
  });

  mount(app, services, 'listDisplays', (request) => ok(request, messages.displaysListed, customerDisplay.list(actorOf(request))));

  mount(app, services, 'unpairDisplay', (request) => {
    customerDisplay.unpair(actorOf(request), request.params.displayId);
    return ok(request, messages.displayUnpaired, { id: request.params.displayId });
  });
};
