import { describe, expect, it } from 'vitest';
import { cashInputOf, parseCashInput, quickAmounts } from '../../src/renderer/src/screens/sell/cash.js';

describe('cash at the counter', () => {
  it('reads amounts as Indonesians write them, in sen', () => {
    expect(parseCashInput('100000')).toBe(10_000_000);
    expect(parseCashInput('100.000')).toBe(10_000_000);
    expect(parseCashInput('Rp 1.250.000')).toBe(125_000_000);
    expect(parseCashInput('76.875,5')).toBe(7_687_550);
    expect(parseCashInput('76.875,50')).toBe(7_687_550);
  });

  it('refuses what is no amount: misplaced dots, three decimals, letters, nothing', () => {
    for (const text of ['', '10.00', '1.0000', '100,505', 'seratus', '-5000', '1e6']) expect(parseCashInput(text), text).toBeUndefined();
  });

  it('offers the exact total and the next notes above it', () => {
    expect(quickAmounts(7_687_500)).toEqual([7_687_500, 8_000_000, 10_000_000]);
    expect(quickAmounts(15_000_000)).toEqual([15_000_000, 16_000_000, 20_000_000]);
    expect(quickAmounts(2_500_000)).toEqual([2_500_000, 3_000_000, 4_000_000, 5_000_000]);
    // A round total too: the notes a customer hands over above it, not the exact amount alone.
    expect(quickAmounts(10_000_000)).toEqual([10_000_000, 11_000_000, 12_000_000, 15_000_000]);
    expect(quickAmounts(60_000_000)).toEqual([60_000_000, 61_000_000, 62_000_000, 65_000_000]);
  });

  it('writes an amount back the way it is read', () => {
    for (const minor of [0, 5_000_000, 7_687_550, 125_000_000]) expect(parseCashInput(cashInputOf(minor))).toBe(minor);
    expect(cashInputOf(7_687_550)).toBe('76.875,50');
  });
});
