/** Times as a steward reads them ("19.42", in the event's zone) and as the journal records them. */
const clocks = new Map<string, Intl.DateTimeFormat>();

/** "19.42": the hour and minute of `iso` in `timeZone` (the event's). */
export function clock(iso: string, timeZone: string): string {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('id-ID', { timeZone, hour: '2-digit', minute: '2-digit' });
    clocks.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

const two = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** Now as ISO 8601 with this device's own offset ("2026-12-07T19:42:05.123+07:00"), as the journal's `at` asks. */
export function nowWithOffset(): string {
  const now = new Date();
  const offset = -now.getTimezoneOffset();
  const local = new Date(now.getTime() + offset * 60_000).toISOString().slice(0, -1);
  return `${local}${offset >= 0 ? '+' : '-'}${two(Math.trunc(offset / 60))}:${two(offset % 60)}`;
}
