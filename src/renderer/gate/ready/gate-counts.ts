/**
 * This gate's counts (admitted here, inside the venue now), asked every few seconds. The poll is
 * also how the app finds the instance again after losing it. While offline the counts shown are
 * the last known plus this device's journal.
 */
import { useEffect } from 'react';
import { contract } from '#shared/contract/index.js';
import type { JournalEntry } from '#shared/schemas/gate-device.js';
import type { GateCounts } from '#shared/schemas/scan.js';
import { call } from '../api';
import type { Device } from '../device';
import { journal } from '../offline/journal';
import type { TicketCopy } from '../offline/ticket-copy';
import { store } from '../store';
import { texts } from '../texts';

const POLL_MS = 3000;

export const counts = store<GateCounts | undefined>(undefined);
export const countsProblem = store<string | undefined>(undefined);

export function useGateCounts({ key, event, gate }: Device): void {
  useEffect(() => {
    counts.set(undefined);
    const ask = async () => {
      const answer = await call(contract.gateCounts, { params: { idOrSlug: event.id }, query: { gate } }, { key });
      if (answer.kind === 'answered') counts.set(answer.data);
      if (answer.kind !== 'unreachable') countsProblem.set(answer.kind === 'refused' ? texts.countsFailed(answer.message) : undefined);
    };
    void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    // The journal taken by the instance (or grown): counted there now, asked again at once.
    const unsubscribe = journal.subscribe(() => void ask());
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, [key, event.id, gate]);
}

export interface ShownCounts {
  admittedHere: number;
  insideNow: number;
}

/** The last counts known, or the copy's, plus what this device did since that the instance has not been told yet. */
export function countsWithJournal(known: GateCounts | undefined, copy: TicketCopy | undefined, pending: JournalEntry[], gate: string): ShownCounts {
  let { admittedHere, insideNow } = known ? { admittedHere: known.admitted, insideNow: known.insideNow } : { admittedHere: 0, insideNow: copy?.insideNow ?? 0 };
  for (const entry of pending) {
    if (entry.direction === 'exit') insideNow -= 1;
    else {
      insideNow += 1;
      if (entry.gate === gate) admittedHere += 1;
    }
  }
  return { admittedHere, insideNow };
}
