/**
 * What the offline journal is doing: entries waiting for the instance, an upload or a renewal of
 * the copy that failed, kept entries this device cannot read or that belong to another event (it
 * was paired again), and what the instance said of entries it took (a double admission), each kept
 * on screen until the steward closes it.
 */
import { entriesOf, journal, notices, unreadable, uploadProblem } from '../offline/journal';
import { copyProblem } from '../offline/ticket-copy';
import { useStore } from '../store';
import { texts } from '../texts';

export function JournalStatus({ eventId }: { eventId: string }) {
  const kept = useStore(journal);
  const pending = entriesOf(kept, eventId).length;
  const elsewhere = kept.length - pending;
  const unread = useStore(unreadable);
  const problems = [
    useStore(uploadProblem),
    useStore(copyProblem),
    unread > 0 ? texts.unreadable(unread) : undefined,
    elsewhere > 0 ? texts.elsewhereEntries(elsewhere) : undefined,
  ].filter((problem) => problem !== undefined);
  const said = useStore(notices);
  if (pending === 0 && problems.length === 0 && said.length === 0) return null;
  return (
    <section className="journal" aria-label={texts.journalTitle}>
      {pending > 0 && <p className="pending">{texts.pending(pending)}</p>}
      {problems.map((problem) => (
        <p key={problem} className="problem" role="alert">
          {problem}
        </p>
      ))}
      {said.map((notice) => (
        <div key={notice.id} className="notice" role="alert">
          <p>{notice.text}</p>
          <button type="button" className="secondary" onClick={() => notices.update((shown) => shown.filter((other) => other.id !== notice.id))}>
            {texts.close}
          </button>
        </div>
      ))}
    </section>
  );
}
