/**
 * The festival's gate lanes: scanners at the hub, each with its own check-in-only key, scanning
 * people as they arrive (Poisson arrivals, `perSecond` scans in all, open loop: a scan is sent at
 * its time whatever the others wait for). What an arrival is, by share of the scans:
 * - `repeatShare`: the ticket just scanned is scanned at another lane at the same moment too (one
 *   person at two lanes, or a copied ticket): one of the two must be admitted, the other 409;
 * - `unknownShare`: a number the venue never sold or listed: 404;
 * - `walkInShare`: a ticket a counter sold at least WALK_TO_GATE_MS ago (the central's while none);
 * - the rest: a ticket the central sold before the day, each scanned once: 201.
 * Every scan is timed from send to its parsed answer; each 201 is counted per ticket number.
 */
import { randomBytes } from 'node:crypto';
import { fetchJson } from '../support/serve.js';
import { percentile } from './latency.js';
import type { Sale } from './festival-counters.js';

export interface GatePlan {
  url: string;
  eventId: string;
  laneKeys: string[];
  perSecond: number;
  repeatShare: number;
  unknownShare: number;
  walkInShare: number;
}

export interface ScanFigures {
  scans: number;
  byKind: Record<Kind | 'repeat', number>;
  byStatus: Record<string, number>;
  /** Every scan, in ms; and those sent while `during()` held (the central down). */
  all: Latency;
  during: Latency;
  /** Ticket numbers answered 201 more than once. */
  admittedTwice: string[];
  admitted: number;
  /** Scans answered otherwise than their kind expects (a few of them, and how many). */
  unexpected: { count: number; some: string[] };
}

interface Latency {
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

type Kind = 'central' | 'walkIn' | 'unknown';
const WALK_TO_GATE_MS = 10_000;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const unknownNumber = () => `ET-${[...randomBytes(10)].map((b) => CROCKFORD[b % 32]).join('')}`;

function latency(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  return { samples: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

/** Fisher-Yates, so that the central's tickets arrive in no particular order. */
function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Starts the lanes; `walkIns` are the counters' paid sales so far (read as they grow), `during`
 * whether a scan sent now falls in the stretch reported apart. `stop()` waits for the scans in
 * flight and returns the figures.
 */
export function startGates(plan: GatePlan, centralTickets: string[], walkIns: Sale[], during: () => boolean): { stop(): Promise<ScanFigures> } {
  const queue = shuffled(centralTickets);
  let walkInNext = 0;
  const byKind: ScanFigures['byKind'] = { central: 0, walkIn: 0, unknown: 0, repeat: 0 };
  const byStatus: Record<string, number> = {};
  const times: number[] = [];
  const duringTimes: number[] = [];
  const admissions = new Map<string, number>();
  const unexpected = { count: 0, some: [] as string[] };
  const inFlight = new Set<Promise<void>>();
  // An arrival is one scan, or two at once (a repeat): arrivals come at perSecond / (1 + pairs).
  const pairs = plan.repeatShare / (1 - plan.repeatShare);
  const arrivalsPerSecond = plan.perSecond / (1 + pairs);

  function nextTicket(): { kind: Kind; ticket: string } {
    const draw = Math.random() * (1 - plan.repeatShare);
    if (draw < plan.unknownShare) return { kind: 'unknown', ticket: unknownNumber() };
    const walkIn = walkIns[walkInNext];
    if (draw < plan.unknownShare + plan.walkInShare && walkIn && performance.now() - walkIn.paidAt >= WALK_TO_GATE_MS) {
      walkInNext++;
      return { kind: 'walkIn', ticket: walkIn.ticketNumber };
    }
    const ticket = queue.pop();
    if (!ticket) throw new Error('gates: every central ticket was scanned; the run is longer than the list');
    return { kind: 'central', ticket };
  }

  async function scan(lane: number, ticket: string, kind: Kind | 'repeat'): Promise<number> {
    byKind[kind]++;
    const sentDuring = during();
    const started = performance.now();
    const reply = await fetchJson(`${plan.url}/events/${plan.eventId}/check-ins`, {
      method: 'POST',
      headers: { 'x-api-key': plan.laneKeys[lane]! },
      body: { ticketNumber: ticket, gate: `Gerbang ${lane + 1}` },
    }).catch((error: unknown) => ({ status: 0, body: { error: { code: String(error) } } }));
    const ms = performance.now() - started;
    times.push(ms);
    if (sentDuring) duringTimes.push(ms);
    byStatus[reply.status] = (byStatus[reply.status] ?? 0) + 1;
    if (reply.status === 201) admissions.set(ticket, (admissions.get(ticket) ?? 0) + 1);
    return reply.status;
  }

  function expect(what: string, ok: boolean): void {
    if (ok) return;
    unexpected.count++;
    if (unexpected.some.length < 10) unexpected.some.push(what);
  }

  async function arrival(): Promise<void> {
    const { kind, ticket } = nextTicket();
    const lane = Math.floor(Math.random() * plan.laneKeys.length);
    if (kind === 'unknown' || Math.random() >= pairs) {
      const status = await scan(lane, ticket, kind);
      expect(`${kind} ${ticket}: ${status}`, status === (kind === 'unknown' ? 404 : 201));
      return;
    }
    const other = (lane + 1 + Math.floor(Math.random() * (plan.laneKeys.length - 1))) % plan.laneKeys.length;
    const statuses = (await Promise.all([scan(lane, ticket, kind), scan(other, ticket, 'repeat')])).sort();
    expect(`${kind} ${ticket} at two lanes: ${statuses.join(' and ')}`, statuses[0] === 201 && statuses[1] === 409);
  }

  let stopping = false;
  const arrivals = (async () => {
    for (let at = performance.now(); !stopping; ) {
      at += (-Math.log(1 - Math.random()) * 1000) / arrivalsPerSecond;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
      if (stopping) break;
      const sent = arrival().finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
  })();

  return {
    async stop() {
      stopping = true;
      await arrivals;
      await Promise.all(inFlight);
      return {
        scans: times.length,
        byKind,
        byStatus,
        all: latency(times),
        during: latency(duringTimes),
        admittedTwice: [...admissions].filter(([, n]) => n > 1).map(([ticket]) => ticket),
        admitted: [...admissions.values()].reduce((a, b) => a + b, 0),
        unexpected,
      };
    },
  };
}
