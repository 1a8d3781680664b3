import type { FastifyInstance } from 'fastify';
import { hostname, networkInterfaces } from 'node:os';
import { AppError } from '../domain/errors.js';
import { LOOPBACK_NAMES } from '../settings/listen.js';


/**
 * The names a listener on `host` is reached by besides loopback, as Host headers name them: the
 * address itself, or for a wildcard (0.0.0.0, ::) every address of this machine and its host name.
 */
export function lanHostNames(host: string): string[] {
  const asHost = (address: string) => (address.includes(':') ? `[${address}]` : address);
  if (host !== '0.0.0.0' && host !== '::') return [asHost(host)];
  const own = Object.values(networkInterfaces())
    .flatMap((addresses) => addresses ?? [])
    .filter((address) => !address.internal)
    .map((address) => asHost(address.address));
  return [...own, hostname(), `${hostname()}.local`];
}

/** A Host header (RFC 9110 §7.2): a name, an IPv4 address or a bracketed IPv6 one, and at most one port. */
const HOST_HEADER = /^(\[[\da-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/;

/** The host name of a Host header, lower-case, without its port; empty for one that is no host (two ports, a name after the brackets). */
export function hostName(header: string): string {
  return HOST_HEADER.exec(header.trim().toLowerCase())?.[1] ?? '';
}

/**
 * Refuses requests whose Host is not this service's own name: a web page on another origin that
 * rebinds its DNS name to 127.0.0.1 still sends its own name as Host, and is turned away.
 */
export function installHostAllowlist(app: FastifyInstance, extraHosts: string[]): void {
  const allowed = new Set([...LOOPBACK_NAMES, ...extraHosts.map((h) => h.toLowerCase())]);
  app.addHook('onRequest', async (request) => {
    const host = request.headers.host;
    if (!host || !allowed.has(hostName(host))) {
      throw new AppError('FORBIDDEN', 'Host tidak diizinkan');
    }
  });
}
