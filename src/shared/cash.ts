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

/** The rounding steps a counter may set, in rupiah (0: none). */
export const CASH_ROUNDING_STEPS = [0, 100, 500, 1000] as const;
export type CashRoundingStep = (typeof CASH_ROUNDING_STEPS)[number];

/**
 * What a customer pays in cash for `minor` sen: the nearest multiple of the step (half rounds up),
 * since Rupiah has no coin below Rp 100. With no step, the amount itself.
 */
export function roundCash(minor: number, stepRupiah: CashRoundingStep): number {
  if (stepRupiah === 0) return minor;
  const step = stepRupiah * 100;
  return Math.floor((minor + step / 2) / step) * step;
}
