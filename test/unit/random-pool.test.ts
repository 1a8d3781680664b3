import { describe, expect, it } from 'vitest';
import { randomBelow, randomBytesPooled } from '../../src/main/domain/random-pool.js';
import { newGeneratedPassword } from '../../src/main/domain/secrets.js';

describe('the random pool', () => {
  it('draws every index below n equally often', () => {
    // 57 is the generated password's alphabet: 256 is no multiple of it, so a plain byte % 57
    // would give the first 28 characters a quarter more often than the rest.
    const n = 57;
    const draws = 570_000;
    const seen = new Array<number>(n).fill(0);
    for (let i = 0; i < draws; i++) seen[randomBelow(n)]! += 1;
    // 10,000 expected in each; 6% is six standard deviations.
    for (const count of seen) expect(Math.abs(count - draws / n)).toBeLessThan(0.06 * (draws / n));
  });

  it('refuses a range no byte can draw from evenly', () => {
    for (const n of [0, 257, 2.5, Number.NaN]) expect(() => randomBelow(n)).toThrow(RangeError);
    expect(randomBelow(1)).toBe(0);
  });

  it('hands out fresh bytes for every call, across refills of the pool', () => {
    const salts = Array.from({ length: 1000 }, () => randomBytesPooled(16).toString('hex'));
    expect(new Set(salts).size).toBe(1000);
  });

  it('makes generated passwords of 16 characters from the unambiguous alphabet', () => {
    const passwords = Array.from({ length: 200 }, newGeneratedPassword);
    for (const password of passwords) expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{16}$/);
    expect(new Set(passwords).size).toBe(200);
  });
});
