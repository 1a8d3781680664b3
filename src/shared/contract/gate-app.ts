/** The gate app's endpoints: pairing a device, what it is for, its offline copy and its journal. */
import { envelope } from '../schemas/common.js';
import { EventParams } from '../schemas/event.js';
import { GateDevice, GatePairing, GatePairingBody, GateSnapshot, JournalBody, JournalResult, PairGateBody, PairedGate } from '../schemas/gate-device.js';
import { AUTH_ERRORS, BODY_ERRORS, endpoint } from './endpoint.js';

const gate = { tags: ['gate-app'], extension: true } as const;

export const createGatePairing = endpoint({
  ...gate,
  access: 'user',
  method: 'POST',
  path: '/gate-pairings',
  summary: 'Pair a gate device: a one-time code for one event and one gate',
  description:
    "The counter's owner, or an organizer of the event (event:update). The device opens pairPath (the QR code on the Settings screen) or types the code at /gate within 10 minutes; it then gets a key of its own that checks tickets in for this event and does nothing else. The key carries its maker's rights on the event, narrowed so; revoking it (DELETE /api-keys/{id}) stops the device at its next request.",
  body: GatePairingBody,
  status: 201,
  response: envelope(GatePairing),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', ...BODY_ERRORS, ...AUTH_ERRORS],
});

export const pairGateDevice = endpoint({
  ...gate,
  access: 'public',
  method: 'POST',
  path: '/gate/pair',
  summary: 'A gate device trades its pairing code for its key',
  description:
    'Once per code: an unknown, used or expired code is 400 on code. Wrong codes count as failed logins from the address (429 after too many). The key is in this answer only.',
  body: PairGateBody,
  status: 201,
  response: envelope(PairedGate),
  errors: [...BODY_ERRORS, ...AUTH_ERRORS],
});

export const getGateDevice = endpoint({
  ...gate,
  access: 'user',
  gateDevice: true,
  method: 'GET',
  path: '/gate/device',
  summary: 'What the calling device is for: its gate and the events it checks tickets in for',
  description: 'For a paired device, its gate and its one event. For another key or a login, every event it may check tickets in for, and no gate.',
  status: 200,
  response: envelope(GateDevice),
  errors: [...AUTH_ERRORS],
});

export const getGateSnapshot = endpoint({
  ...gate,
  access: 'user',
  gateDevice: true,
  method: 'GET',
  path: '/events/:idOrSlug/gate-snapshot',
  summary: "The event's tickets as a gate checks them offline, with the keys that sign its QR codes",
  description:
    "Every ticket this instance knows (its own, the venue's counters' and, at a hub, the central service's gate list): number, name, category, masked identity number, whether it may come in and whether it is inside. The gate app keeps it while it loses the network. Permission event:checkin (or update).",
  params: EventParams,
  status: 200,
  response: envelope(GateSnapshot),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', ...AUTH_ERRORS],
});

export const uploadGateJournal = endpoint({
  ...gate,
  access: 'user',
  gateDevice: true,
  method: 'POST',
  path: '/events/:idOrSlug/check-ins/journal',
  summary: 'A gate device uploads what it admitted and let out while it had no network',
  description:
    'Each entry is recorded as its scan would have been, at its own time, once (by its id; an entry uploaded again answers what it answered first). A ticket that came in elsewhere meanwhile is a double admission: outcome double, in the audit log (ticket.double_admission) and counted on the Sync screen. Permission event:checkin (or update).',
  params: EventParams,
  body: JournalBody,
  status: 200,
  response: envelope(JournalResult),
  errors: ['FORBIDDEN', 'EVENT_NOT_FOUND', 'REMOTE_UNAVAILABLE', ...BODY_ERRORS, ...AUTH_ERRORS],
});
