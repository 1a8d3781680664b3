/**
 * Failed credentials (a wrong password, an unknown or revoked API key, a bad token) counted per
 * source, so that guessing from one place is slowed down: after ALLOWED failures within WINDOW_MS
 * the source is refused for a while, twice as long each time it happens again, up to MAX_BLOCK_MS.
 * A success does not wipe the count: one valid key must not buy endless guesses at another.
 *
 * Guessing spread over many addresses (nine each, from thirty) is met by a budget of the whole LAN:
 * past GLOBAL_ALLOWED failures within WINDOW_MS from all sources together, a source is refused at
 * its first failure. Sources that present only right credentials are never refused, so the devices
 * at work go on while someone guesses.
 */
import { messages } from '#shared/messages.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

const ALLOWED = 10;
const GLOBAL_ALLOWED = 30;
const WINDOW_MS = 10 * 60_000;
const FIRST_BLOCK_MS = 30_000;
const MAX_BLOCK_MS = 15 * 60_000;
/** Sources remembered at most: a flood of addresses cannot grow this without bound. */
const MAX_SOURCES = 10_000;

interface Record {
  failures: number[];
  blockedUntil: number;
  blocks: number;
}

export function createAuthAttempts(clock: Clock) {
  const sources = new Map<string, Record>();
  /** When the latest failures were, from any source: the last GLOBAL_ALLOWED + 1 are enough to tell. */
  const everywhere: number[] = [];
  const pastGlobalBudget = (now: number) => everywhere.length > GLOBAL_ALLOWED && now - everywhere[0]! < WINDOW_MS;

  /** Throws RATE_LIMITED (with when to try again) while the source is refused. */
  function check(source: string): void {
    const now = clock();
    const record = sources.get(source);
    if (record && record.blockedUntil > now) {
      throw new AppError('RATE_LIMITED', messages.tooManyFailedAttempts, undefined, Math.ceil((record.blockedUntil - now) / 1000));
    }
  }

  function failed(source: string): void {
    const now = clock();
    let record = sources.get(source);
    if (!record) {
      if (sources.size >= MAX_SOURCES) sources.delete(sources.keys().next().value!);
      record = { failures: [], blockedUntil: 0, blocks: 0 };
      sources.set(source, record);
    }
    record.failures = record.failures.filter((at) => now - at < WINDOW_MS);
    record.failures.push(now);
    everywhere.push(now);
    if (everywhere.length > GLOBAL_ALLOWED + 1) everywhere.shift();
    if (record.failures.length >= ALLOWED || pastGlobalBudget(now)) {
      record.blocks += 1;
      record.blockedUntil = now + Math.min(FIRST_BLOCK_MS * 2 ** (record.blocks - 1), MAX_BLOCK_MS);
      record.failures = [];
    }
  }

  return { check, failed };
}
export type AuthAttempts = ReturnType<typeof createAuthAttempts>;
