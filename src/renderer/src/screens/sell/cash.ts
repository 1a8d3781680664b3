/**
 * Cash at the counter, in sen like every amount: what the operator typed, the notes a customer is
 * likely to hand over, and the change.
 */
import { formatRupiah } from '#shared/money.js';

/** "100.000", "100000", "Rp 100.000,50" as sen: dots group thousands, a comma starts the sen. */
export function parseCashInput(text: string): number | undefined {
  const cleaned = text.replace(/rp/i, '').replace(/\s+/g, '');
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const units = Number(match[1]!.replaceAll('.', ''));
  const sen = Number((match[2] ?? '').padEnd(2, '0'));
  const minor = units * 100 + sen;
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Rupiah notes a total is usually paid with. */
const NOTES = [10_000, 20_000, 50_000, 100_000].map((rupiah) => rupiah * 100);

/**
 * The exact amount, then the next multiples of common notes above it: four at most. A total that is
 * already a round amount (Rp 600.000) still gets the amounts above it that a customer hands over.
 */
export function quickAmounts(totalMinor: number): number[] {
  const rounded = NOTES.map((note) => (Math.floor(totalMinor / note) + 1) * note);
  return [totalMinor, ...[...new Set(rounded)].sort((a, b) => a - b)].slice(0, 4);
}

/** The amount as an operator types it back: "100.000" (",50" when there are sen), the invoice's rupiah without "Rp". */
export const cashInputOf = (minor: number): string => formatRupiah(minor).slice('Rp '.length);
