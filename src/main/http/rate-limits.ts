/**
 * Request rates from the LAN, per minute: per API key or login once authenticated (the limit is
 * the credential's, wherever it comes from), per address otherwise (settings, read as they change).
 * Every request counts once, when it is answered, whatever became of it: refused credentials,
 * malformed or oversized bodies, failed validation and unknown routes count against the address
 * (or the credential, once known) as much as sales do. A request is refused with 429 before its
 * body is read: at once when its address is past its limit, right after authentication when its
 * credential is. This machine's own clients (the operator's window, the CLI) are not limited.
 * Refused credentials are slowed down apart from this, by domain/auth-attempts.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '#shared/messages.js';
import type { Actor } from '../domain/access.js';
import type { Clock } from '../domain/clock.js';
import { AppError } from '../domain/errors.js';
import type { Services } from '../services.js';
import { isThisMachine, lanPeer } from './peer.js';

const WINDOW_MS = 60_000;
/** Windows remembered at most: a flood of addresses cannot grow the table without bound. */
const MAX_WINDOWS = 10_000;

/** Fixed one-minute windows of request counts, one per bucket (an address, a credential). */
function createWindows(clock: Clock) {
  const windows = new Map<string, { count: number; endsAt: number }>();

  const current = (bucket: string) => {
    const window = windows.get(bucket);
    return window && window.endsAt > clock() ? window : undefined;
  };

  function count(bucket: string): void {
    const window = current(bucket);
    if (window) {
      window.count += 1;
      return;
    }
    if (windows.size >= MAX_WINDOWS) windows.delete(windows.keys().next().value!);
    windows.delete(bucket);
    windows.set(bucket, { count: 1, endsAt: clock() + WINDOW_MS });
  }

  /** Seconds until the bucket may make requests again, or 0 while it is within `limit`. */
  function waitOf(bucket: string, limit: number): number {
    const window = current(bucket);
    return window && window.count >= limit ? Math.ceil((window.endsAt - clock()) / 1000) : 0;
  }

  return { count, waitOf };
}

const addressBucket = (address: string) => `address:${address}`;
const credentialBucket = (actor: Actor) => `key:${actor.apiKeyId ?? `user:${actor.userId}`}`;

/** The limits of a listener: in LAN mode, counted and enforced as above; on loopback, none. */
export function createRateLimits(services: Services, lan: boolean) {
  const windows = createWindows(services.clock);
  const refuseOver = (bucket: string, limit: number) => {
    const wait = windows.waitOf(bucket, limit);
    if (wait > 0) throw new AppError('RATE_LIMITED', messages.rateLimited, undefined, wait);
  };

  /** Counts an answered request against its credential, else its address; the router's own refusals call this too. */
  function countAnswered(request: FastifyRequest): void {
    const peer = lanPeer(request);
    if (lan && peer) windows.count(request.actor ? credentialBucket(request.actor) : addressBucket(peer));
  }

  /** Counts what the HTTP server itself refused (no request was made of it) against the peer's address. */
  function countRefused(address: string | undefined): void {
    if (lan && address && !isThisMachine(address)) windows.count(addressBucket(address));
  }

  function install(app: FastifyInstance): void {
    if (!lan) return;
    app.addHook('onRequest', async (request) => {
      const peer = lanPeer(request);
      if (peer) refuseOver(addressBucket(peer), services.settings.get().requestsPerMinutePerAddress);
    });
    // After every onRequest hook, authentication's included; before the body is read.
    app.addHook('preParsing', async (request: FastifyRequest) => {
      if (lanPeer(request) && request.actor) refuseOver(credentialBucket(request.actor), services.settings.get().requestsPerMinutePerKey);
    });
    app.addHook('onResponse', async (request) => countAnswered(request));
  }

  return { install, countAnswered, countRefused };
}
export type RateLimits = ReturnType<typeof createRateLimits>;
