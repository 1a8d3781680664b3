/** The answer a steward sees full screen after a scan: its colour (tone), the big line and what follows. */
import { texts } from '../texts';

/** Green, red, amber, blue. */
export type Tone = 'admit' | 'refuse' | 'ask' | 'exit';

export interface Person {
  name: string;
  category: string;
  /** Masked (3171********0001); empty where the instance has none (a central ticket). */
  identityNumber: string;
}

export interface Member {
  name: string;
  ticketNumber: string;
  /** Came in now, was inside already, or may not come in (note says why). */
  outcome: 'admitted' | 'already_in' | 'refused';
  note?: string;
}

export interface Verdict {
  tone: Tone;
  /** The big line: the holder's name, "4 dari 4 masuk", or why not. */
  title: string;
  /** Lines under it: the category, the identity number to compare. */
  details: string[];
  members: Member[];
  /** Decided from the offline copy: said on the answer. */
  offline: boolean;
}

const verdict = (tone: Tone, title: string, offline: boolean, details: string[] = [], members: Member[] = []): Verdict => ({ tone, title, details, members, offline });

const personLines = ({ category, identityNumber }: Person) => (identityNumber ? [category, texts.matchId(identityNumber)] : [category]);

export const admitted = (person: Person, offline: boolean) => verdict('admit', person.name, offline, personLines(person));
export const exited = (person: Person, offline: boolean) => verdict('exit', texts.exitOf(person.name), offline, [person.category]);
export const refused = (why: string, offline: boolean, details: string[] = []) => verdict('refuse', why, offline, details);
export const askSupervisor = (why: string, offline: boolean, details: string[] = []) => verdict('ask', why, offline, details);

/**
 * A group: green when some came in now and the others were inside already; amber when one of it
 * may not come in (the steward sorts that one out); red when no one came in.
 */
export function groupVerdict(members: Member[], offline: boolean): Verdict {
  const admittedNow = members.filter((member) => member.outcome === 'admitted').length;
  if (admittedNow === 0) return verdict('refuse', texts.groupNoneIn, offline, [], members);
  const tone = members.some((member) => member.outcome === 'refused') ? 'ask' : 'admit';
  return verdict(tone, texts.groupIn(admittedNow, members.length), offline, [], members);
}
