import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRupiah, fromMinor, isDecimalString, toMinor } from '../../src/shared/money.js';

describe('isDecimalString', () => {
  it.each(['0', '150000', '150000.5', '150000.50', '0.01', '9999999999999.99'])('accepts %s', (value) => {
    expect(isDecimalString(value)).toBe(true);
  });

  it.each(['', '.5', '1.', '1.234', '-1', '+1', '1e3', '1,50', ' 1', '1 ', '0x10', '12345678901234', 'NaN'])('refuses %o', (value) => {
    expect(isDecimalString(value)).toBe(false);
  });
});

describe('toMinor', () => {
  it.each([
    ['0', 0],
    ['150000', 15_000_000],
    ['150000.5', 15_000_050],
    ['150000.05', 15_000_005],
    ['0.99', 99],
    ['9999999999999.99', 999_999_999_999_999],
  ])('%s is %i sen', (value, minor) => {
    expect(toMinor(value)).toBe(minor);
  });

  it('throws a RangeError for anything that is not an amount', () => {
    expect(() => toMinor('1.234')).toThrow(RangeError);
    expect(() => toMinor('-5')).toThrow(RangeError);
  });
});

describe('fromMinor', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [99, '0.99'],
    [100, '1.00'],
    [15_000_050, '150000.50'],
  ])('%i sen is %s', (minor, text) => {
    expect(fromMinor(minor)).toBe(text);
  });

  it('always gives two fraction digits, in the spec decimal form', () => {
    fc.assert(fc.property(fc.nat(), (minor) => /^\d+\.\d{2}$/.test(fromMinor(minor))));
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])('refuses %d', (minor) => {
    expect(() => fromMinor(minor)).toThrow(RangeError);
  });

  it('round-trips with toMinor without touching floats', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (minor) => toMinor(fromMinor(minor)) === minor));
    expect(toMinor(fromMinor(toMinor('0.10') + toMinor('0.20')))).toBe(30);
  });
});

describe('formatRupiah', () => {
  it.each([
    [0, 'Rp 0'],
    [15_000_000, 'Rp 150.000'],
    [123_456_789_00, 'Rp 123.456.789'],
    [15_000_050, 'Rp 150.000,50'],
    [5, 'Rp 0,05'],
  ])('%i sen reads %s', (minor, text) => {
    expect(formatRupiah(minor)).toBe(text);
  });
});
