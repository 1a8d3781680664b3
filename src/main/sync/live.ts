/**
 * At the remote while a person waits. When the counter can reach its remote (a venue hub, or the
 * central service) it does two things there as they happen rather than after:
 * - a sale's seat is held there before the payment is taken, so that counters sharing a hub share
 *   its one quota: a seat the remote refuses is refused to the cashier, not after the money;
 * - a ticket is checked in there first, so that every gate of the venue refuses a second entry
 *   and any gate finds a ticket by its number or QR code, whichever counter sold it;
 * - a refund is given there first (a hub: this service), so that of a refund at a counter and a
 *   scan at any gate of the venue exactly one wins.
 * When the remote cannot be reached the counter goes on alone (its offline allotment, its own
 * check-ins), and the outbox replicates later as ever.
 */
import { CheckInBody, ExitBody, type ExitResult, type TicketLookupQuery } from '#shared/schemas/check-in.js';
import type { CancelBody } from '#shared/schemas/payment.js';
import type { Outbox } from './outbox.js';
import type { Failure, Outcome, RemoteClient } from './remote-client.js';
import type { Pusher } from './push.js';
import type { RemoteFacts } from './remote-facts.js';

export type SaleHold =
  /** The remote has the order (its seat held there). */
  | { kind: 'held' }
  /** The remote refused the order (sold out there, identity number taken, …): not applied. */
  | { kind: 'refused'; failure: Extract<Failure, { kind: 'http' }> }
  /** The remote does not answer at all: the counter is offline and sells on its own allotment. */
  | { kind: 'offline' }
  /** The remote is there but was not told in time (a lost answer, a 5xx, a 429): it will be, by the outbox. */
  | { kind: 'later' }
  /** Nothing to hold: no remote, known to be offline, or an order of a local event. */
  | { kind: 'not_held' };

export type AtRemote<T> =
  | { kind: 'done'; value: T }
  /** The remote refused: already checked in there (its words say when and where). */
  | { kind: 'refused'; failure: Extract<Failure, { kind: 'http' }> }
  /** Its answer was lost (a timeout, a reset, a 5xx): it may have been applied there. */
  | { kind: 'maybe' }
  /** The remote does not know the ticket, lacks check-in, or cannot be reached: decide here. */
  | { kind: 'here' };

export interface LiveDeps {
  outbox: Outbox;
  pusher: Pusher;
  facts: RemoteFacts;
  /** The client for a request a person waits on; null when there is no remote or it is known to be out of reach. */
  liveClient(): RemoteClient | null;
  /** The remote did not answer a cheap read either: the engine goes offline. */
  markOffline(failure: Failure): void;
}

/** How long a seat hold waits for its create when another turn is sending it. */
const WAIT_STEP_MS = 20;

export function createLive({ outbox, pusher, facts, liveClient, markOffline }: LiveDeps) {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * The create as a round left it, when a round took it first: waited for while it is in flight, and
   * while a 409 it was answered is looked up (the next round tells a refusal from an earlier attempt
   * of ours), so that a line the remote refuses is refused to the cashier, not sold into a conflict.
   */
  async function afterRound(seq: number, waitMs: number): Promise<SaleHold> {
    const undecided = () => {
      const job = outbox.get(seq);
      return job?.state === 'in_flight' || (job?.state === 'unknown' && job.lastStatus === 409);
    };
    for (let waited = 0; undecided() && waited < waitMs; waited += WAIT_STEP_MS) await sleep(WAIT_STEP_MS);
    const job = outbox.get(seq);
    if (job?.state === 'done') return { kind: 'held' };
    if (job?.state === 'conflict') return { kind: 'refused', failure: { kind: 'http', status: job.lastStatus ?? 409, message: job.lastError ?? '' } };
    return { kind: 'later' };
  }

  async function holdSale(orderId: string, waitMs: number): Promise<SaleHold> {
    const client = liveClient();
    // Without a remote to send to, the outbox is not read at all (a twentieth of a sale's CPU).
    if (!client) return { kind: 'not_held' };
    const create = outbox.createOf(orderId);
    if (!create) return { kind: 'not_held' };
    // A round took the create first (a basket's later lines often are): its outcome is the hold's.
    if (create.state !== 'pending') return afterRound(create.seq, waitMs);
    const sent = await pusher.sendCreateNow(client, create);
    if (!sent) return afterRound(create.seq, waitMs);
    const { signal, failure } = sent;
    if (signal === 'ok' && !failure) return { kind: 'held' };
    if (signal === 'conflict' && failure?.kind === 'http') return { kind: 'refused', failure };
    // Offline only when a cheap read fails too: one lost answer is a retry, not an outage.
    if (failure && (failure.kind !== 'http' || failure.status >= 500) && (await client.check()).kind !== 'ok') {
      markOffline(failure);
      return { kind: 'offline' };
    }
    return { kind: 'later' };
  }

  /** The ticket as the scanner named it, in the remote's terms: an order by its remote id. */
  function asNamedThere(named: TicketLookupQuery): TicketLookupQuery | undefined {
    if (named.orderId === undefined) return named;
    const remoteId = outbox.remoteIdOf(named.orderId);
    return remoteId === undefined ? undefined : { orderId: remoteId };
  }

  /** Runs a gate request at the remote, when it has check-in and can be reached. */
  async function atRemote<T>(named: TicketLookupQuery, send: (client: RemoteClient, there: TicketLookupQuery) => Promise<Outcome<T>>): Promise<AtRemote<T>> {
    const client = liveClient();
    const there = asNamedThere(named);
    if (!client || !there || facts.lacks('checkin')) return { kind: 'here' };
    const answered = await send(client, there);
    if (answered.kind === 'ok') return { kind: 'done', value: answered.data };
    if (answered.kind === 'lost' || (answered.kind === 'http' && answered.status >= 500)) return { kind: 'maybe' };
    if (answered.kind !== 'http') return { kind: 'here' };
    if (answered.status === 409 && answered.code === 'ALREADY_CHECKED_IN') return { kind: 'refused', failure: answered };
    // A route that is not there, not a ticket it does not know: the remote lacks check-in.
    if (answered.status === 405 || (answered.status === 404 && (answered.code === undefined || answered.code === 'NOT_FOUND'))) facts.learnMissing('checkin');
    return { kind: 'here' };
  }

  /** A refund at a hub first: the cancel carrying it, sent now to the order the hub has. */
  async function refund(eventId: string, orderId: string, body: CancelBody, idempotencyKey: string): Promise<AtRemote<unknown>> {
    const client = liveClient();
    const remoteId = outbox.remoteIdOf(orderId);
    // Only this service takes a refund; the interface's central service gets the cancel later, as ever.
    if (!client || remoteId === undefined || !facts.isService()) return { kind: 'here' };
    const answered = await client.cancel(eventId, remoteId, body, idempotencyKey);
    if (answered.kind === 'ok') return { kind: 'done', value: answered.data };
    if (answered.kind === 'lost' || (answered.kind === 'http' && answered.status >= 500)) return { kind: 'maybe' };
    if (answered.kind === 'http' && answered.status === 409 && answered.code === 'ALREADY_CHECKED_IN') return { kind: 'refused', failure: answered };
    // Anything else (the payment not there yet, a cashier's key): the refund is this counter's, replicated later.
    return { kind: 'here' };
  }

  /**
   * An exit at a hub (only this service has exits): whether a ticket is inside is the hub's to
   * know. `maybe`: it has exits but could not be asked; `here`: the remote is the central service.
   */
  async function exit(eventId: string, body: ExitBody, idempotencyKey: string): Promise<AtRemote<ExitResult>> {
    if (!facts.isService()) return { kind: 'here' };
    const client = liveClient();
    const there = asNamedThere(body);
    if (!client || !there) return { kind: 'maybe' };
    const answered = await client.exitNow(eventId, ExitBody.parse({ ...there, gate: body.gate, exitedAt: body.exitedAt }), idempotencyKey);
    if (answered.kind === 'ok') return { kind: 'done', value: answered.data };
    if (answered.kind === 'http' && answered.status < 500) return { kind: 'refused', failure: answered };
    return { kind: 'maybe' };
  }

  return {
    holdSale,
    refund,
    exit,
    checkIn: (eventId: string, body: CheckInBody, idempotencyKey: string) =>
      atRemote(body, (client, there) => client.checkInNow(eventId, CheckInBody.parse({ ...there, gate: body.gate, checkedInAt: body.checkedInAt }), idempotencyKey)),
    lookup: (eventId: string, named: TicketLookupQuery) => atRemote(named, (client, there) => client.lookupTicket(eventId, there)),
  };
}
export type Live = ReturnType<typeof createLive>;
