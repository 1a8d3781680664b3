import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { Settings, SettingsPatch } from '../../../shared/schemas/settings.js';
import { messages } from '../../../shared/messages.js';
import { requireCounterOwner } from '../../domain/access.js';
import type { Services } from '../../services.js';
import { actorOf, authenticate } from '../auth.js';
import { ok } from '../envelope.js';
import { AUTH_ERRORS, BODY_ERRORS, SECURITY, errorResponses } from '../responses.js';

const common = { tags: ['settings'], security: SECURITY };

/** Extensions: the counter's own settings (the same store `settings set` writes). */
export const settingsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.addHook('onRequest', authenticate(services));
  const { settings, settingsChanges } = services;

  app.get(
    '/settings',
    {
      schema: {
        summary: 'Extension: the counter settings in force (hold window, invoice layout, offline allotment)',
        ...common,
        response: { 200: envelope(Settings), ...errorResponses(...AUTH_ERRORS) },
      },
    },
    async (request) => ok(request, messages.settingsFetched, settings.get()),
  );

  app.patch(
    '/settings',
    {
      schema: {
        summary: "Extension: change some settings (the counter's owner, super_admin); answers the settings now in force",
        description:
          'Fields left out stay as they are; unknown fields are refused. A new hold window applies to orders created from then on. A change is recorded in the audit log (settings.changed, each field before and after).',
        ...common,
        body: SettingsPatch,
        response: {
          200: envelope(Settings),
          ...errorResponses(...BODY_ERRORS, 'FORBIDDEN', ...AUTH_ERRORS),
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      requireCounterOwner(actor, messages.settingsForbidden);
      return ok(request, messages.settingsUpdated, settingsChanges.change(actor, request.body));
    },
  );
};
