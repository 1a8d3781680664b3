import type { FastifyPluginAsync } from 'fastify';
import { messages } from '#shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf } from '../auth.js';
import { okList } from '../envelope.js';
import { mount } from '../mount.js';

/** Extension: the audit log (domain/audit.ts), read by the people who run the counter. */
export const auditRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  mount(app, services, 'listAuditLog', (request) => okList(request, messages.auditListed, services.audit.list(actorOf(request), request.query)));
};
