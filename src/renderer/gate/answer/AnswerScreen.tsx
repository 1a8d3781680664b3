/**
 * The answer, full screen, at once: green with the holder's name to compare with the ID card, red
 * with why not, amber to call the supervisor, blue for an exit. It goes back to the ready screen by
 * itself (sooner for green: the queue moves on), or at a touch; a new scan replaces it.
 */
import { useEffect } from 'react';
import type { Tone, Verdict } from '../check/verdict';
import { useStore } from '../store';
import { texts } from '../texts';
import { dismiss, shown } from './answer';

const HEADLINE: Record<Tone, string> = { admit: texts.admitted, refuse: texts.refused, ask: texts.askSupervisor, exit: texts.exited };
const SHOWN_MS: Record<Tone, number> = { admit: 2500, exit: 2500, refuse: 4000, ask: 4000 };

function VerdictView({ verdict }: { verdict: Verdict }) {
  const urgent = verdict.tone === 'refuse' || verdict.tone === 'ask';
  return (
    <div role={urgent ? 'alert' : 'status'} className="answer-body">
      <p className="headline">{HEADLINE[verdict.tone]}</p>
      <p className="title">{verdict.title}</p>
      {verdict.details.map((line) => (
        <p key={line} className="detail">
          {line}
        </p>
      ))}
      {verdict.members.length > 0 && (
        <ul className="members">
          {verdict.members.map((member) => (
            <li key={member.ticketNumber} className={member.outcome}>
              <span className="name">{member.name}</span>
              {member.note && <span className="note">{member.note}</span>}
            </li>
          ))}
        </ul>
      )}
      {verdict.offline && <p className="offline-mark">{texts.offlineDecided}</p>}
    </div>
  );
}

export function AnswerScreen() {
  const current = useStore(shown);
  useEffect(() => {
    if (current?.kind !== 'verdict') return;
    const timer = setTimeout(() => dismiss(current.scan), SHOWN_MS[current.verdict.tone]);
    return () => clearTimeout(timer);
  }, [current]);
  if (!current) return null;
  if (current.kind === 'checking') {
    return (
      <div className="answer checking" role="status">
        <p className="title">{texts.checking}</p>
      </div>
    );
  }
  return (
    // One element per scan: a second answer the same as the first is a new one on screen, not the old one left there.
    <div key={current.scan} className={`answer ${current.verdict.tone}`} data-testid="answer" onClick={() => dismiss(current.scan)}>
      <VerdictView verdict={current.verdict} />
      <p className="hint">{texts.tapToClose}</p>
    </div>
  );
}
