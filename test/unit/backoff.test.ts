import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS, backoffMs } from '../../src/main/sync/backoff.js';
import { retryAfterMs } from '../../src/main/sync/remote-client.js';

describe('full-jitter backoff', () => {
  it('waits between zero and base·2^(attempt-1), never more than the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (attempt, r) => {
        const wait = backoffMs(attempt, () => r);
        const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThan(Math.max(1, ceiling));
        expect(Number.isInteger(wait)).toBe(true);
      }),
    );
  });

  it('spreads retries over the whole window (full jitter, not a fixed delay)', () => {
    expect(backoffMs(4, () => 0)).toBe(0);
    expect(backoffMs(4, () => 0.999999)).toBe(8 * BACKOFF_BASE_MS - 1);
    expect(backoffMs(40, () => 0.5)).toBe(BACKOFF_CAP_MS / 2);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and ignores what is neither', () => {
    const now = Date.parse('2026-11-22T03:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs('Sun, 22 Nov 2026 03:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 02:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
