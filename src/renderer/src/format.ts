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
