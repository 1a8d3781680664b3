/**
 * Devices on the LAN take turns; people do not wait for them. Requests made with an API key from
 * another machine (a kiosk, a gate scanner, a display, a print service) are handled at most
 * DEVICE_SLOTS at a time, the others waiting their turn in arrival order (turns.ts), while a
 * person's requests (a login: the counter's screens, a second counter's tablet) go straight
 * through. A busy gate then slows the gate, never the operator's screen. This machine's own
 * clients are trusted like the machine, as with every limit (docs/lan-and-devices.md). Past
 * QUEUE_LIMIT devices waiting, a device is told to come back (429 with Retry-After).
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '#shared/messages.js';
import { AppError } from '../domain/errors.js';
import { lanPeer } from './peer.js';
import { LineFull, createTurns } from './turns.js';

/**
 * Enough at once that sales still share disk flushes (db/group-commit.ts), few enough that the
 * operator's screen stays quick under 50 devices: eight let its p99 grow well past what four kept
 * (docs/lan-and-devices.md).
 */
export const DEVICE_SLOTS = 4;
const QUEUE_LIMIT = 512;

export function installDeviceTurns(app: FastifyInstance): void {
  const turns = createTurns(DEVICE_SLOTS, QUEUE_LIMIT);
  app.addHook('preHandler', async (request, reply) => {
    if (request.actor?.credential !== 'api_key' || !lanPeer(request)) return;
    try {
      await turns.enter(reply.raw);
    } catch (error) {
      if (error instanceof LineFull) throw new AppError('RATE_LIMITED', messages.rateLimited, undefined, 1);
      throw error;
    }
  });
}
