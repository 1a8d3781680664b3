/** The counter's replication to its remote: status, a round now, conflicts and the remote's address. */
import { z } from 'zod';
import { envelope } from '../schemas/common.js';
import { RefundBody } from '../schemas/cash-session.js';
import { GateListStatus } from '../schemas/gate-list.js';
import { Conflict, ConflictParams, ConnectionCheck, LinkConflictBody, RemoteSettingsBody, RemoteSummary, SyncStatus } from '../schemas/sync.js';
import { AUTH_ERRORS, BODY_ERRORS, endpoint } from './endpoint.js';

const sync = { tags: ['sync'], access: 'user', extension: true } as const;
const Done = z.object({ seq: z.number().int() });

export const syncStatus = endpoint({
  ...sync,
  method: 'GET',
  path: '/sync/status',
  summary: 'Sync state, pending jobs, conflicts, offline allotments',
  status: 200,
  response: envelope(SyncStatus),
  errors: [...AUTH_ERRORS],
});

export const runSync = endpoint({
  ...sync,
  method: 'POST',
  path: '/sync/run',
  summary: 'Run a sync round now (pull and push); answers when it is over',
  description: 'For a person logged in (the Sync screen); a device key gets 403: devices never wait on the remote.',
  status: 200,
  response: envelope(SyncStatus),
  errors: ['FORBIDDEN', ...AUTH_ERRORS],
});

export const listConflicts = endpoint({
  ...sync,
  method: 'GET',
  path: '/sync/conflicts',
  summary: 'Changes the remote refused, waiting for an operator (of events the caller may update)',
  status: 200,
  response: envelope(z.array(Conflict)),
  errors: [...AUTH_ERRORS],
});

/** What every resolution of a conflict takes and answers. */
const resolution = {
  ...sync,
  method: 'POST',
  params: ConflictParams,
  status: 200,
  response: envelope(Done),
  errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_STATE', ...BODY_ERRORS, ...AUTH_ERRORS],
} as const;

export const retryConflict = endpoint({ ...resolution, path: '/sync/conflicts/:seq/retry', summary: 'Resolve a conflict: send it again' });

export const dismissConflict = endpoint({
  ...resolution,
  path: '/sync/conflicts/:seq/dismiss',
  summary: 'Resolve a conflict: settled by hand on the remote: stop sending it',
});

export const cancelConflictLocally = endpoint({
  ...resolution,
  path: '/sync/conflicts/:seq/cancel-local',
  summary: 'Resolve a conflict: cancel the (unpaid) order here; the remote gets a cancel only if it has the order',
});

export const refundConflictLocally = endpoint({
  ...resolution,
  path: '/sync/conflicts/:seq/refund',
  summary: "Resolve a conflict: refund the (paid) order here, from the caller's open shift, with a supervisor's approval",
  description:
    "For a paid sale the remote refused (a basket's line whose NIK is registered there): the order is refunded as by …/refund and cancelled here; what the remote never had is not sent, what it has gets its cancel.",
  body: RefundBody,
  errors: [...resolution.errors, 'APPROVAL_REFUSED', 'CASH_SESSION_REQUIRED'],
});

export const linkConflict = endpoint({
  ...resolution,
  path: '/sync/conflicts/:seq/link',
  summary: 'Resolve a refused create by adopting an order that exists on the remote',
  body: LinkConflictBody,
});

export const setRemote = endpoint({
  ...sync,
  method: 'PUT',
  path: '/sync/remote',
  summary: "Set the remote base URL and API key (the counter's owner, super_admin)",
  description: 'The key is stored readable by its owner only and never shown again in full. ownerEmail (default: the caller) owns the pulled events here.',
  access: 'counter',
  body: RemoteSettingsBody,
  status: 200,
  response: envelope(RemoteSummary),
  errors: ['FORBIDDEN', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const checkRemote = endpoint({
  ...sync,
  method: 'POST',
  path: '/sync/remote/check',
  summary: "Test a base URL and API key without saving them (the counter's owner)",
  access: 'counter',
  body: RemoteSettingsBody.omit({ ownerEmail: true }),
  status: 200,
  response: envelope(ConnectionCheck),
  errors: ['VALIDATION_FAILED', 'FORBIDDEN', ...AUTH_ERRORS],
});

export const gateListStatus = endpoint({
  ...sync,
  method: 'GET',
  path: '/sync/gate-list',
  summary: "The gate list: per event, how many of the central service's tickets are ready at the gates, how fresh, and tickets cancelled while inside",
  description: 'Of the events the caller may read (event:read); a gate-only key (event:checkin) sees none.',
  status: 200,
  response: envelope(GateListStatus),
  errors: [...AUTH_ERRORS],
});

export const pullGateList = endpoint({
  ...sync,
  method: 'POST',
  path: '/sync/gate-list',
  summary: 'Read the whole gate list from the central service now (before doors open); answers when it is over',
  description: 'Pulls events first when none has been pulled. For a person logged in; a device key gets 403.',
  status: 200,
  response: envelope(GateListStatus),
  errors: ['FORBIDDEN', ...AUTH_ERRORS],
});
