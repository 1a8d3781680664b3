/** The gate counts' lines as the tables show them: gates and categories by name, quarter hours by their time. */
import type { GateCounts } from '#shared/schemas/scan.js';
import type { TallyRow } from './TallyTable';

/** A scan that named no gate (an API client that sent none). */
const NO_GATE = '(tanpa nama gerbang)';

export const gateRows = (counts: GateCounts): TallyRow[] => counts.byGate.map(({ gate, ...tally }) => ({ key: gate, label: gate || NO_GATE, ...tally }));

export const categoryRows = (counts: GateCounts): TallyRow[] =>
  counts.byCategory.map(({ ticketCategoryId, ticketCategoryName, ...tally }) => ({ key: ticketCategoryId, label: ticketCategoryName || 'Tiket tidak dikenal', ...tally }));

/**
 * The quarter hours, newest first (what the doors are doing now is what a supervisor looks for).
 * `from` is in the event's zone, so its own clock time is the venue's: read from the text, not
 * converted to this machine's zone. The day is noted where it changes.
 */
export function quarterRows(counts: GateCounts): TallyRow[] {
  const rows = [...counts.byQuarter].reverse();
  return rows.map(({ from, ...tally }, i) => {
    const day = from.slice(0, 10);
    const newDay = i === 0 || rows[i - 1]!.from.slice(0, 10) !== day;
    return { key: from, label: quarterLabel(from), note: newDay ? dayOf(day) : undefined, ...tally };
  });
}

/** "14.15–14.30": the quarter's start and end on the venue's clock. */
function quarterLabel(from: string): string {
  const [h, m] = from.slice(11, 16).split(':').map(Number) as [number, number];
  const end = (h * 60 + m + 15) % (24 * 60);
  const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}.${String(minutes % 60).padStart(2, '0')}`;
  return `${hhmm(h * 60 + m)}–${hhmm(end)}`;
}

const DAY = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayOf = (isoDate: string) => DAY.format(new Date(`${isoDate}T00:00:00Z`));
