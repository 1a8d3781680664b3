/**
 * Devices take turns; people do not wait for them. Requests made with an API key (kiosks, gate
 * scanners, displays, a print service) are handled at most DEVICE_SLOTS at a time and the others
 * wait their turn in arrival order, while a person's requests (a login, as the counter's screens
 * and a second counter's tablet make them) go straight through. A busy gate then slows the gate,
 * never the operator's screen. Waiting costs a pending promise, not the event loop. Past
 * QUEUE_LIMIT devices waiting, a device on the LAN is told to come back (429 with Retry-After);
 * this machine's own clients, trusted like the machine, always wait their turn.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages.js';
import { AppError } from '../domain/errors.js';
import { lanPeer } from './peer.js';

/**
 * Enough at once that sales still share disk flushes (db/group-commit.ts), few enough that the
 * operator's screen stays quick: with 50 devices, 4 kept its p99 at 34 ms, 8 let it reach 57 ms
 * (docs/benchmarks.md).
 */
export const DEVICE_SLOTS = 4;
const QUEUE_LIMIT = 512;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds a device slot. */
    deviceTurn?: boolean;
  }
}

export function installDeviceTurns(app: FastifyInstance): void {
  let busy = 0;
  const waiting: { request: FastifyRequest; take: () => void }[] = [];

  /** A device's exchange is over: it leaves the line, or hands its slot to the next in line. */
  function leave(request: FastifyRequest): void {
    const queued = waiting.findIndex((entry) => entry.request === request);
    if (queued >= 0) {
      waiting.splice(queued, 1);
      return;
    }
    if (!request.deviceTurn) return;
    request.deviceTurn = false;
    const next = waiting.shift();
    if (next) next.take();
    else busy -= 1;
  }

  app.addHook('preHandler', async (request, reply) => {
    // A device that already hung up takes no slot: nobody would ever give it back.
    if (request.actor?.credential !== 'api_key' || request.raw.destroyed) return;
    // However the exchange ends, answered or abandoned, the connection closes: the turn ends then.
    reply.raw.once('close', () => leave(request));
    if (busy < DEVICE_SLOTS) {
      busy += 1;
      request.deviceTurn = true;
      return;
    }
    if (waiting.length >= QUEUE_LIMIT && lanPeer(request)) throw new AppError('RATE_LIMITED', messages.rateLimited, undefined, 1);
    // The slot is handed over, not freed and taken again: the order of arrival holds. It is the
    // request's from the moment it is handed over, so that hanging up even then gives it back.
    await new Promise<void>((resolve) =>
      waiting.push({
        request,
        take: () => {
          request.deviceTurn = true;
          resolve();
        },
      }),
    );
  });
}
