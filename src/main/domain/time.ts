const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Offsets asked for before, by zone and quarter hour. Every offset is a whole number of quarter
 * hours and every change of offset happens at a whole or half local hour, so at a quarter-hour
 * boundary in UTC: within one UTC quarter hour a zone's offset cannot change. Every timestamp an
 * answer renders asks (a sale renders a dozen): formatting through Intl each time was a noticeable
 * share of the CPU of a sale.
 */
const knownOffsets = new Map<string, number>();
const QUARTER_HOUR_MS = 15 * 60_000;
const KNOWN_OFFSETS_MAX = 10_000;

/** Offset of timeZone from UTC at instant ms, in minutes ("GMT+07:00" gives 420). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const key = `${timeZone}@${Math.floor(ms / QUARTER_HOUR_MS)}`;
  let offset = knownOffsets.get(key);
  if (offset === undefined) {
    offset = offsetFromIntl(ms, timeZone);
    if (knownOffsets.size >= KNOWN_OFFSETS_MAX) knownOffsets.clear();
    knownOffsets.set(key, offset);
  }
  return offset;
}

function offsetFromIntl(ms: number, timeZone: string): number {
  const part = offsetFormatter(timeZone)
    .formatToParts(ms)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** ISO 8601 with an explicit offset, in the given IANA zone: 2026-12-01T19:00:00.000+07:00. */
export function toIso(ms: number, timeZone = 'UTC'): string {
  const offset = timeZone === 'UTC' ? 0 : zoneOffsetMinutes(ms, timeZone);
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, -1);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Epoch ms of an ISO timestamp or date (a bare date is midnight UTC). */
export function parseInstant(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`not a timestamp: ${iso}`);
  return ms;
}

const readableFormatters = new Map<string, { dateTime: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }>();

/** "Minggu, 06 Desember 2026 pukul 09.00 WIB" (ICU's full Indonesian date): an instant (ISO or epoch ms) as people read it, in the event's time zone; the invoice and the gate word dates alike. */
export function formatDateTime(at: string | number, timeZone: string): string {
  let formatters = readableFormatters.get(timeZone);
  if (!formatters) {
    formatters = {
      dateTime: new Intl.DateTimeFormat('id-ID', { timeZone, dateStyle: 'full', timeStyle: 'short' }),
      zone: new Intl.DateTimeFormat('id-ID', { timeZone, timeZoneName: 'short' }),
    };
    readableFormatters.set(timeZone, formatters);
  }
  const instant = new Date(at);
  const zone = formatters.zone.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value;
  return `${formatters.dateTime.format(instant)}${zone ? ` ${zone}` : ''}`;
}
