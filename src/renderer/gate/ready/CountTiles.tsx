/** Admitted at this gate and inside the venue now; marked as this device's own count while offline. */
import type { Device } from '../device';
import { online } from '../connection';
import { entriesOf, journal } from '../offline/journal';
import { ticketCopy } from '../offline/ticket-copy';
import { useStore } from '../store';
import { texts } from '../texts';
import { counts, countsProblem, countsWithJournal } from './gate-counts';

function Tile({ count, label, testId }: { count: number; label: string; testId: string }) {
  return (
    <div className="tile">
      <span className="number" data-testid={testId}>
        {count.toLocaleString('id-ID')}
      </span>
      <span className="label">{label}</span>
    </div>
  );
}

export function CountTiles({ device }: { device: Device }) {
  const shown = countsWithJournal(useStore(counts), useStore(ticketCopy), entriesOf(useStore(journal), device.event.id), device.gate);
  const isOnline = useStore(online);
  const problem = useStore(countsProblem);
  return (
    <section className="counts" aria-label={texts.countsTitle}>
      <Tile count={shown.admittedHere} label={texts.admittedHere} testId="admitted-here" />
      <Tile count={shown.insideNow} label={texts.insideNow} testId="inside-now" />
      {!isOnline && <p className="note">{texts.localCounts}</p>}
      {problem && <p className="problem">{problem}</p>}
    </section>
  );
}
