/** How amounts and times read at the counter: rupiah as on the invoice, times in the event's zone. */
import { formatRupiah, formatRupiahSigned, toMinor, toMinorSigned } from '#shared/money.js';

export const rupiah = (decimal: string) => formatRupiah(toMinor(decimal));
/** A difference: "-Rp 2.500" for a shortfall. */
export const signedRupiah = (decimal: string) => formatRupiahSigned(toMinorSigned(decimal));

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * "6 Des 2026, 20.00" in the given IANA zone (the event's), or the counter's own when none; with
 * `seconds`, "6 Des 2026, 20.00.07" (the audit log tells apart what happened within a minute).
 */
export function dateTime(iso: string, timeZone?: string, { seconds = false } = {}): string {
  const key = `${timeZone ?? ''}|${seconds}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('id-ID', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds && { second: '2-digit' }),
    });
    formatters.set(key, formatter);
  }
  return formatter.format(new Date(iso));
}

const calendarDate = new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD, a birthday: no zone applies) as "17 Agustus 1990". */
export const longDate = (isoDate: string) => calendarDate.format(new Date(`${isoDate}T00:00:00Z`));

/**
 * Whole percentages of `amounts` that add up to 100 (largest remainder): rounded each on its own,
 * a chart's three thirds read 33% + 33% + 33%, and two halves and a sliver 50% + 50% + 1%.
 */
export function wholePercents(amounts: readonly number[]): number[] {
  const total = amounts.reduce((sum, a) => sum + a, 0);
  if (total <= 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (a / total) * 100);
  const shares = exact.map(Math.floor);
  const byRemainder = exact.map((e, i) => [e - shares[i]!, i] as const).sort((a, b) => b[0] - a[0]);
  for (let left = 100 - shares.reduce((sum, s) => sum + s, 0), k = 0; left > 0; left--, k++) shares[byRemainder[k]![1]]! += 1;
  return shares;
}
