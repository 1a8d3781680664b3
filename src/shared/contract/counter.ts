/** The counter's own business: device keys, settings, the audit log and the first run. */
import { z } from 'zod';
import { ApiKeyInfo, ApiKeyParams, CreateApiKeyBody, CreatedApiKey } from '../schemas/apikey.js';
import { AuditEntry, AuditListQuery } from '../schemas/audit.js';
import { envelope, listEnvelope } from '../schemas/common.js';
import { Settings, SettingsPatch } from '../schemas/settings.js';
import { ConnectSetupBody, ConnectSetupResult, DemoSetupResult, SetupState } from '../schemas/setup.js';
import { AUTH_ERRORS, BODY_ERRORS, endpoint } from './endpoint.js';

const apiKeys = { tags: ['api-keys'], access: 'user', extension: true } as const;

export const listApiKeys = endpoint({
  ...apiKeys,
  method: 'GET',
  path: '/api-keys',
  summary: "The caller's own API keys (every operator's for the counter's owner), newest first, revoked ones included",
  description: 'Never the keys themselves: only their first characters (prefix), whose they are, expiry, revocation and last use (to the minute).',
  status: 200,
  response: envelope(z.array(ApiKeyInfo)),
  errors: [...AUTH_ERRORS],
});

export const createApiKey = endpoint({
  ...apiKeys,
  method: 'POST',
  path: '/api-keys',
  summary: 'Create an API key for a device (shown in full in this response only)',
  description:
    'A key carries exactly its user’s permissions. The counter’s owner (super_admin) makes keys for any operator (userId), an organizer for itself, a cashier (staff) none (403). Only its hash is stored. expiresAt (optional) must be in the future. Send Idempotency-Key to make retries safe: a replay answers key: null (the key is shown once).',
  body: CreateApiKeyBody,
  status: 201,
  response: envelope(CreatedApiKey),
  errors: [...BODY_ERRORS, 'FORBIDDEN', 'IDEMPOTENCY_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED', ...AUTH_ERRORS],
});

export const revokeApiKey = endpoint({
  ...apiKeys,
  method: 'DELETE',
  path: '/api-keys/:keyId',
  summary: 'Revoke one of the caller’s API keys (any for the counter’s owner); it is refused (401) from then on',
  description: "An unknown key, another user's key (but for the owner) and a key already revoked are all 404.",
  params: ApiKeyParams,
  status: 200,
  response: envelope(ApiKeyInfo),
  errors: [...BODY_ERRORS, 'NOT_FOUND', ...AUTH_ERRORS],
});

const settings = { tags: ['settings'], extension: true } as const;

export const getSettings = endpoint({
  ...settings,
  method: 'GET',
  path: '/settings',
  summary: 'The counter settings in force (hold window, invoice layout, offline allotment)',
  access: 'user',
  status: 200,
  response: envelope(Settings),
  errors: [...AUTH_ERRORS],
});

export const changeSettings = endpoint({
  ...settings,
  method: 'PATCH',
  path: '/settings',
  summary: "Change some settings (the counter's owner, super_admin); answers the settings now in force",
  description:
    'Fields left out stay as they are; unknown fields are refused. A new hold window applies to orders created from then on. A change is recorded in the audit log (settings.changed, each field before and after).',
  access: 'counter',
  body: SettingsPatch,
  status: 200,
  response: envelope(Settings),
  errors: [...BODY_ERRORS, 'FORBIDDEN', ...AUTH_ERRORS],
});

export const listAuditLog = endpoint({
  method: 'GET',
  path: '/audit-log',
  summary: 'The audit log: who changed what, when and from which device, newest first',
  description:
    'Every admin change: orders (created, paid, awaiting verification, payment rejected, cancelled, expired), check-ins, API keys created and revoked, settings, the remote connection, conflicts resolved, users created and grants added, each written in the same transaction as the change. ' +
    'actor says who (user and name, or the command line, or the service itself), by which credential, with which API key (the device) and from which address. ' +
    'Details never hold a secret (passwords, keys, tokens; the remote key only masked) nor a whole identity number (masked). ' +
    'Filters: action, eventId, from and to (ISO timestamps, inclusive); page and limit (20, at most 100). The counter’s owner (super_admin) reads every entry, an organizer the entries of the events it owns; staff get 403.',
  tags: ['audit'],
  access: 'user',
  extension: true,
  query: AuditListQuery,
  status: 200,
  response: listEnvelope(AuditEntry),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', ...AUTH_ERRORS],
});

const GUARDED =
  'No credentials, so it is guarded otherwise: only while no operator (super_admin, organizer, staff) exists (else 409), ' +
  'only from a loopback address and not from a page of another site (Origin), and, when the service was started with ' +
  'TICKET_COUNTER_LAUNCH_TOKEN, only with that token in X-Launch-Token (else 403).';
const setup = { tags: ['setup'], access: 'public', extension: true } as const;

export const getSetupState = endpoint({
  ...setup,
  access: 'local',
  method: 'GET',
  path: '/setup',
  summary: 'Whether this counter still needs setting up, and whether the demo logins exist',
  description:
    'No credentials from this machine: the login screen asks before anyone can log in. In LAN mode another machine needs an API key or a login (the UI then goes straight to its login).',
  status: 200,
  response: envelope(SetupState),
  errors: [...AUTH_ERRORS],
});

export const setUpDemo = endpoint({
  ...setup,
  method: 'POST',
  path: '/setup/demo',
  summary: 'First run: seed the demo events and logins, answer the (public) demo logins',
  description: GUARDED,
  status: 200,
  response: envelope(DemoSetupResult),
  errors: [...BODY_ERRORS, 'FORBIDDEN', 'INVALID_STATE'],
});

export const connectSetup = endpoint({
  ...setup,
  method: 'POST',
  path: '/setup/connect',
  summary: "First run: connect to a service, become the counter's owner, pull its events",
  description:
    `Checks baseUrl and apiKey against the remote first (a refused key: 400 on apiKey; no answer, or not this interface: 400 on baseUrl). ` +
    `Then creates the counter's owner, a super_admin (name, email, password), who also owns the pulled events; stores the remote and runs one sync round; sync is its status. ${GUARDED}`,
  body: ConnectSetupBody,
  status: 200,
  response: envelope(ConnectSetupResult),
  errors: [...BODY_ERRORS, 'FORBIDDEN', 'INVALID_STATE'],
});
