/**
 * Rupiah cash as a drawer holds it: the denominations a cashier counts, the sum of a count, and the
 * rounding of a cash amount to what notes and coins can pay. Shared by the service and the counter
 * UI, so that the form's running total is the figure the service records.
 */

/** Notes then coins, largest first, in rupiah (two of them are both a note and a coin). */
export const DENOMINATIONS = [
  { key: 'n100000', rupiah: 100_000, kind: 'note' },
  { key: 'n50000', rupiah: 50_000, kind: 'note' },
  { key: 'n20000', rupiah: 20_000, kind: 'note' },
  { key: 'n10000', rupiah: 10_000, kind: 'note' },
  { key: 'n5000', rupiah: 5_000, kind: 'note' },
  { key: 'n2000', rupiah: 2_000, kind: 'note' },
  { key: 'n1000', rupiah: 1_000, kind: 'note' },
  { key: 'c1000', rupiah: 1_000, kind: 'coin' },
  { key: 'c500', rupiah: 500, kind: 'coin' },
  { key: 'c200', rupiah: 200, kind: 'coin' },
  { key: 'c100', rupiah: 100, kind: 'coin' },
] as const;

export type DenominationKey = (typeof DENOMINATIONS)[number]['key'];
/** How many of each denomination; a missing one is none. */
export type CashCount = Partial<Record<DenominationKey, number>>;

/** The value of a count, in sen. */
export function countTotal(count: CashCount): number {
  return DENOMINATIONS.reduce((sum, d) => sum + (count[d.key] ?? 0) * d.rupiah * 100, 0);
}

/** The smallest coin a count knows (DENOMINATIONS): every cash amount is a whole number of it. */
export const SMALLEST_COIN_RUPIAH = 100;

/** Whether `minor` sen is an amount a drawer can hold and a count can find: whole Rp 100 coins. */
export const isCashAmount = (minor: number) => minor % (SMALLEST_COIN_RUPIAH * 100) === 0;

/** The rounding steps a counter may set, in rupiah (0: none beyond the smallest coin). */
export const CASH_ROUNDING_STEPS = [0, 100, 500, 1000] as const;
export type CashRoundingStep = (typeof CASH_ROUNDING_STEPS)[number];

/**
 * What a customer pays in cash for `minor` sen: the nearest multiple of the step (half rounds up),
 * never below the smallest coin, since the drawer holds nothing smaller. A positive amount is never
 * rounded to nothing: it costs at least one step.
 */
export function roundCash(minor: number, stepRupiah: CashRoundingStep): number {
  const step = Math.max(stepRupiah, SMALLEST_COIN_RUPIAH) * 100;
  if (minor <= 0) return 0;
  return Math.max(step, Math.floor((minor + step / 2) / step) * step);
}

/**
 * The cash of each of several amounts paid together (a basket's lines), in sen: each a whole cash
 * amount, together what the customer paid (roundCash of the sum). Line i takes the rounded running
 * total up to it less the rounded running total before it, so that refunding any line pays out an
 * amount the drawer holds, and refunding every line pays out exactly what came in.
 */
export function cashShares(minors: readonly number[], stepRupiah: CashRoundingStep): number[] {
  let before = 0;
  let running = 0;
  return minors.map((minor) => {
    running += minor;
    const upTo = roundCash(running, stepRupiah);
    const share = upTo - before;
    before = upTo;
    return share;
  });
}
