/**
 * A short run of the LAN load (test/bench/lan-load.ts; `npm run bench` runs it full size and
 * reports the times and the 429s a full minute brings): devices selling, checking in and reading at
 * once, on a test LAN of its own (a network namespace as root, else a loopback alias treated as
 * LAN: test/support/test-lan.ts). No time is asserted; what is: the counter is in LAN mode, no
 * answer but 2xx, 409 and 429, no order or check-in answered 201 that is not stored.
 */
import { describe, expect, it } from 'vitest';
import { runLanLoad } from '../bench/lan-load.js';

describe('devices on the LAN at once', () => {
  it.each(['namespace', 'alias'] as const)('(%s) get only 2xx, 409 and 429, and nothing answered 201 is lost', { timeout: 40_000 }, async (kind) => {
    process.env.TICKET_COUNTER_TEST_LAN = kind;
    const figures = await runLanLoad({ devices: 10, seconds: 5 }).finally(() => delete process.env.TICKET_COUNTER_TEST_LAN);
    if (kind === 'namespace' && figures.lan.kind !== 'network namespace') console.log(`LAN load on a loopback alias: ${figures.lan.note}`);
    expect(figures.withoutCredentials).toBe(401);
    expect(figures.unexpected).toEqual([]);
    expect(Object.keys(figures.byStatus).filter((status) => !/^2\d\d$|^409$|^429$/.test(status))).toEqual([]);
    expect(figures.ordersAnswered).toBeGreaterThan(0);
    expect(figures.lostOrders).toEqual([]);
    expect(figures.ordersStored).toBe(figures.ordersAnswered);
    expect(figures.checkInsAnswered).toBeGreaterThan(0);
    expect(figures.checkInsStored).toBe(figures.checkInsAnswered);
    expect(figures.operator.failures).toBe(0);
  });
});
