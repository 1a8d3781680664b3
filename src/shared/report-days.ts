/**
 * The days reports speak of: the counter's local days in Indonesia's western zone (WIB), where the
 * project's venues are. WIB keeps UTC+7 all year, so a day is a fixed span of UTC.
 */
export const REPORT_TIME_ZONE = 'Asia/Jakarta';
const WIB_OFFSET = '+07:00';
const DAY_MS = 86_400_000;

const dayFormatter = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The local day (YYYY-MM-DD) at instant `ms`. */
export const reportDayOf = (ms: number): string => dayFormatter.format(ms);

/** The day `n` days after `day` (before, for a negative n). */
export const addDays = (day: string, n: number): string => reportDayOf(Date.parse(`${day}T12:00:00${WIB_OFFSET}`) + n * DAY_MS);

/** The instants from the start of `firstDay` to the start of the day after `lastDay`: a report's range. */
export const daysRange = (firstDay: string, lastDay: string) => ({
  from: `${firstDay}T00:00:00${WIB_OFFSET}`,
  to: `${addDays(lastDay, 1)}T00:00:00${WIB_OFFSET}`,
});
