/** The methods' pie on Laporan: its whole percentages add up to 100 (they read 101% once). */
import { describe, expect, it } from 'vitest';
import { wholePercents } from '../../src/renderer/src/format.js';

describe('wholePercents', () => {
  it('adds up to 100 where rounding each share alone would not', () => {
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([4950, 4950, 100])).toEqual([50, 49, 1]);
    // The day Laporan showed 31% + 13% + 13% + 44% = 101%.
    expect(wholePercents([184500, 76875, 76875, 261375])).toEqual([31, 13, 13, 43]);
    for (const amounts of [[76875, 184500, 76875, 261375], [1, 2, 3, 4, 5, 6, 7], [10, 0, 0]]) {
      expect(wholePercents(amounts).reduce((a, b) => a + b, 0)).toBe(100);
    }
  });

  it('is nothing at all for nothing sold', () => {
    expect(wholePercents([0, 0])).toEqual([0, 0]);
  });
});
