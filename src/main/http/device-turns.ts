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

/** Enough at once that sales keep sharing disk flushes (db/group-commit.ts), few enough to leave room. */
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

  /** A finished request hands its slot to the next in line, or frees it. */
  const release = async (request: FastifyRequest) => {
    if (!request.deviceTurn) return;
    request.deviceTurn = false;
    const next = waiting.shift();
    if (next) next.take();
    else busy -= 1;
  };

  app.addHook('preHandler', async (request) => {
    if (request.actor?.credential !== 'api_key') return;
    if (busy < DEVICE_SLOTS) {
      busy += 1;
    } else {
      if (waiting.length >= QUEUE_LIMIT && lanPeer(request)) throw new AppError('RATE_LIMITED', messages.rateLimited, undefined, 1);
      // The slot is handed over, not freed and taken again: the order of arrival holds.
      await new Promise<void>((take) => waiting.push({ request, take }));
    }
    request.deviceTurn = true;
  });
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', async (request) => {
    // A device that hung up while waiting leaves the line; one that had its turn gives it back.
    const queued = waiting.findIndex((entry) => entry.request === request);
    if (queued >= 0) waiting.splice(queued, 1);
    else await release(request);
  });
}
