import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEntry, AuditListQuery } from '../../../shared/schemas/audit.js';
import { listEnvelope } from '../../../shared/schemas/common.js';
import { messages } from '../../../shared/messages.js';
import type { Services } from '../../services.js';
import { actorOf, authenticate } from '../auth.js';
import { okList } from '../envelope.js';
import { AUTH_ERRORS, SECURITY, errorResponses } from '../responses.js';

/** Extension: the audit log (domain/audit.ts), read by the people who run the counter. */
export const auditRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', authenticate(services));

  app.get(
    '/audit-log',
    {
      schema: {
        summary: 'Extension: the audit log: who changed what, when and from which device, newest first',
        description:
          'Every admin change: orders (created, paid, awaiting verification, payment rejected, cancelled, expired), check-ins, API keys created and revoked, settings, the remote connection, conflicts resolved, users created and grants added, each written in the same transaction as the change. ' +
          'actor says who (user and name, or the command line, or the service itself), by which credential, with which API key (the device) and from which address. ' +
          'Details never hold a secret (passwords, keys, tokens; the remote key only masked) nor a whole identity number (masked). ' +
          'Filters: action, eventId, from and to (ISO timestamps, inclusive); page and limit (20, at most 100). The counter’s owner (super_admin) reads every entry, an organizer the entries of the events it owns; staff get 403.',
        tags: ['audit'],
        security: SECURITY,
        querystring: AuditListQuery,
        response: { 200: listEnvelope(AuditEntry), ...errorResponses('VALIDATION_FAILED', 'FORBIDDEN', ...AUTH_ERRORS) },
      },
    },
    async (request) => okList(request, messages.auditListed, services.audit.list(actorOf(request), request.query)),
  );
};
