/**
 * A short run of the LAN load (test/bench/lan-load.ts; `npm run bench` runs it full size and
 * reports the times and the 429s a full minute brings): devices selling, checking in and reading at
 * once. No time is asserted; what is: no answer but 2xx, 409 and 429, no order or
 * check-in answered 201 that is not stored.
 */
import { describe, expect, it } from 'vitest';
import { runLanLoad } from '../bench/lan-load.js';

describe('devices on the LAN at once', () => {
  it('get only 2xx, 409 and 429, and nothing answered 201 is lost', { timeout: 120_000 }, async () => {
    const figures = await runLanLoad({ devices: 10, seconds: 8 });
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
