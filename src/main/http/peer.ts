import type { FastifyRequest } from 'fastify';

/** Socket addresses of this machine (no proxy is trusted, so request.ip is the peer's own). */
const LOOPBACK_IPS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const isThisMachine = (address: string): boolean => LOOPBACK_IPS.has(address);

export function fromThisMachine(request: FastifyRequest): boolean {
  return isThisMachine(request.ip);
}

/**
 * Who to hold to account for abuse: the peer's address, or none for this machine itself (the
 * operator's own window and CLI are trusted like the machine; limits are for the LAN).
 */
export function lanPeer(request: FastifyRequest): string | undefined {
  return fromThisMachine(request) ? undefined : request.ip;
}
