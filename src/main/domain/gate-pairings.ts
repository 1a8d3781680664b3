/**
 * Pairing a gate device (a steward's phone, a handheld scanner): an operator who runs the event
 * makes a one-time code for one event and one gate; the device trades it, once, for a key of its
 * own. The key carries its maker's rights narrowed to check-in on that event (access.ts), and the
 * service lets it call nothing but the gate's endpoints (http/mount.ts). Revoking the key unpairs
 * the device: it is refused at its next request.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { messages } from '#shared/messages.js';
import { makesApiKeys } from '#shared/roles.js';
import { GATE_PAGE, PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH, type GateDevice, type GateEvent, type GatePairing, type GatePairingBody, type PairedGate } from '#shared/schemas/gate-device.js';
import { writeTransaction, type Db } from '../db/connection.js';
import { events as eventsTable, gatePairings } from '../db/schema.js';
import type { Access, Actor } from './access.js';
import type { ApiKeyService } from './apikeys.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';
import type { EventRow, EventService } from './events.js';
import { hashApiKey, randomCode } from './secrets.js';
import { toIso } from './time.js';

/** Long enough to walk to the gate and scan it, short enough that a photo of the screen is soon worthless. */
const CODE_MINUTES = 10;

export interface GatePairingDeps {
  db: Db;
  clock: Clock;
  events: EventService;
  access: Access;
  apiKeys: ApiKeyService;
}

const HALF = PAIRING_CODE_LENGTH / 2;
const printed = (code: string) => `${code.slice(0, HALF)}-${code.slice(HALF)}`;

export const gateEventOf = (event: EventRow): GateEvent => ({ id: event.id, slug: event.slug, name: event.name, timezone: event.timezone, reentryAllowed: event.reentryAllowed });

export function createGatePairings({ db, clock, events, access, apiKeys }: GatePairingDeps) {
  /**
   * A code for a device at `gate` of the event: the counter's owner or an organizer of the event.
   * `origins`: where devices on the LAN reach this instance (http://192.168.1.10:8787).
   */
  function create(actor: Actor, body: GatePairingBody, origins: string[]): GatePairing {
    if (!makesApiKeys(actor.role)) throw new AppError('FORBIDDEN', messages.gatePairingForbidden);
    const event = events.resolveFor(actor, body.event, 'event:update');
    const code = randomCode(PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH);
    const now = clock();
    const expiresAt = now + CODE_MINUTES * 60_000;
    db.insert(gatePairings).values({ codeHash: hashApiKey(code), eventId: event.id, gate: body.gate, userId: actor.userId, expiresAt, apiKeyId: null, createdAt: now }).run();
    const pairPath = `${GATE_PAGE}#pair=${printed(code)}`;
    return { code: printed(code), pairPath, pairUrls: origins.map((origin) => `${origin}${pairPath}`), expiresAt: toIso(expiresAt, event.timezone), eventName: event.name, gate: body.gate };
  }

  /** The device's key for a code not used and not expired (typed without its dash, in capitals); undefined for any other. */
  function pair(code: string): PairedGate | undefined {
    return writeTransaction(db, () => {
      const pairing = db
        .select()
        .from(gatePairings)
        .where(and(eq(gatePairings.codeHash, hashApiKey(code)), isNull(gatePairings.apiKeyId), gt(gatePairings.expiresAt, clock())))
        .get();
      if (!pairing) return undefined;
      const scope = { eventId: pairing.eventId, gate: pairing.gate };
      const made = apiKeys.createBy('system', pairing.userId, messages.gateDeviceKeyName(pairing.gate), undefined, { gate: scope });
      db.update(gatePairings).set({ apiKeyId: made.info.id }).where(eq(gatePairings.codeHash, pairing.codeHash)).run();
      const event = events.resolve(pairing.eventId);
      return { key: made.key, device: { name: made.info.name, gate: pairing.gate, events: [gateEventOf(event)] } };
    });
  }

  /** What the calling device is for: its gate and event, or, for any other credential, every event it checks tickets in for. */
  function device(actor: Actor): GateDevice {
    const name = actor.apiKeyName ?? actor.name;
    if (actor.gateDevice) {
      const event = events.resolveFor(actor, actor.gateDevice.eventId, 'event:checkin');
      return { name, gate: actor.gateDevice.gate, events: [gateEventOf(event)] };
    }
    const rows = db.select().from(eventsTable).where(access.eventsAllowing(actor, 'event:checkin')(eventsTable.id)).orderBy(eventsTable.startAt).all();
    return { name, gate: null, events: rows.map(gateEventOf) };
  }

  return { create, pair, device };
}
export type GatePairings = ReturnType<typeof createGatePairings>;
