import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import {
  Conflict,
  ConflictParams,
  ConnectionCheck,
  LinkConflictBody,
  RemoteSettingsBody,
  RemoteSummary,
  SyncStatus,
} from '../../../shared/schemas/sync.js';
import { messages } from '../../../shared/messages.js';
import { requireCounterOwner, type Actor } from '../../domain/access.js';
import { AppError } from '../../domain/errors.js';
import type { Services } from '../../services.js';
import { actorOf, authenticate, requireLogin } from '../auth.js';
import { ok } from '../envelope.js';
import { AUTH_ERRORS, BODY_ERRORS, SECURITY, errorResponses } from '../responses.js';

const common = { tags: ['sync'], security: SECURITY };
const Done = z.object({ seq: z.number().int() });

/** Only the counter's owner may point it at a remote: the sales and customer lookups go there. */
const requireRemoteAdmin = (actor: Actor) => requireCounterOwner(actor, messages.remoteSettingsForbidden);

/** Extensions for the counter UI: sync status, conflicts and the remote connection. */
export const syncRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', authenticate(services));
  const { sync, conflicts } = services;

  app.get(
    '/sync/status',
    {
      schema: {
        summary: 'Extension: sync state, pending jobs, conflicts, offline allotments',
        ...common,
        response: { 200: envelope(SyncStatus), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ok(request, messages.syncStatus, sync.status()),
  );

  app.post(
    '/sync/run',
    {
      schema: {
        summary: 'Extension: run a sync round now (pull and push); answers when it is over',
        description: 'For a person logged in (the Sync screen); a device key gets 403: devices never wait on the remote.',
        ...common,
        response: { 200: envelope(SyncStatus), ...errorResponses('FORBIDDEN', ...AUTH_ERRORS) },
      },
    },
    async (request) => {
      requireLogin(actorOf(request));
      return ok(request, messages.syncStarted, await sync.runOnce({ pull: true }));
    },
  );

  app.get(
    '/sync/conflicts',
    {
      schema: {
        summary: 'Extension: changes the remote refused, waiting for an operator (of events the caller may update)',
        ...common,
        response: { 200: envelope(z.array(Conflict)), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ok(request, messages.conflictsListed, conflicts.list(actorOf(request))),
  );

  const CONFLICT_ERRORS = errorResponses('FORBIDDEN', 'NOT_FOUND', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS);
  const actions = {
    retry: 'send it again',
    dismiss: 'settled by hand on the remote: stop sending it',
    'cancel-local': 'cancel the (unpaid) order here; the remote gets a cancel only if it has the order',
  } as const;
  for (const [action, summary] of Object.entries(actions)) {
    app.post(
      `/sync/conflicts/:seq/${action}`,
      { schema: { summary: `Extension: resolve a conflict: ${summary}`, ...common, params: ConflictParams, response: { 200: envelope(Done), ...CONFLICT_ERRORS } } },
      async (request) => {
        const actor = actorOf(request);
        const { seq } = request.params;
        if (action === 'retry') conflicts.retry(actor, seq);
        else if (action === 'dismiss') conflicts.dismiss(actor, seq);
        else await conflicts.cancelLocally(actor, seq);
        return ok(request, messages.conflictResolved, { seq });
      },
    );
  }

  app.post(
    '/sync/conflicts/:seq/link',
    {
      schema: {
        summary: 'Extension: resolve a refused create by adopting an order that exists on the remote',
        ...common,
        params: ConflictParams,
        body: LinkConflictBody,
        response: { 200: envelope(Done), ...CONFLICT_ERRORS },
      },
    },
    async (request) => {
      conflicts.link(actorOf(request), request.params.seq, request.body.remoteOrderId);
      return ok(request, messages.conflictResolved, { seq: request.params.seq });
    },
  );

  app.put(
    '/sync/remote',
    {
      schema: {
        summary: "Extension: set the remote base URL and API key (the counter's owner, super_admin)",
        description: 'The key is stored readable by its owner only and never shown again in full. ownerEmail (default: the caller) owns the pulled events here.',
        ...common,
        body: RemoteSettingsBody,
        response: { 200: envelope(RemoteSummary), ...errorResponses('FORBIDDEN', ...BODY_ERRORS, ...AUTH_ERRORS) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      requireRemoteAdmin(actor);
      const ownerEmail = request.body.ownerEmail ?? services.users.findById(actor.userId)?.email ?? '';
      if (!services.users.findByEmail(ownerEmail)) throw new AppError('VALIDATION_FAILED', messages.validationFailed, [{ field: 'ownerEmail', message: messages.ownerUnknown }]);
      const summary = sync.setRemoteBy(actor, { baseUrl: request.body.baseUrl, apiKey: request.body.apiKey, ownerEmail });
      return ok(request, messages.remoteSaved, summary);
    },
  );

  app.post(
    '/sync/remote/check',
    {
      schema: {
        summary: "Extension: test a base URL and API key without saving them (the counter's owner)",
        ...common,
        body: RemoteSettingsBody.omit({ ownerEmail: true }),
        response: { 200: envelope(ConnectionCheck), ...errorResponses('VALIDATION_FAILED', 'FORBIDDEN', ...AUTH_ERRORS) },
      },
    },
    async (request) => {
      requireRemoteAdmin(actorOf(request));
      return ok(request, messages.remoteChecked, await sync.check(request.body.baseUrl, request.body.apiKey));
    },
  );
};
