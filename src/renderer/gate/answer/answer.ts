/**
 * The answer to the latest scan. Each scan replaces the one before at once; a slow answer to an
 * earlier scan arriving after a later one is not shown. "Memeriksa…" shows only when the answer
 * takes long enough to be noticed, so that a quick one does not flicker.
 */
import { decideOffline } from '../check/decide-offline';
import { askInstance } from '../check/ask-instance';
import { classify } from '../check/classify';
import { mode } from '../check/mode';
import { askSupervisor, type Verdict } from '../check/verdict';
import { online } from '../connection';
import { device } from '../device';
import { newId } from '../ids';
import { store } from '../store';
import { texts } from '../texts';
import { signal } from './feedback';

export type Shown = { kind: 'checking' } | { kind: 'verdict'; verdict: Verdict; scan: number } | undefined;

export const shown = store<Shown>(undefined);

/** After this long without an answer, the steward is told the scan is being checked. */
const CHECKING_AFTER_MS = 150;

let latest = 0;

async function decide(text: string): Promise<Verdict | undefined> {
  const paired = device.get();
  const scanned = classify(text);
  if (!paired || !scanned) return undefined;
  const scanMode = mode.get();
  if (scanned.kind === 'group' && scanMode === 'exit') return askSupervisor(texts.groupNoExit, false);
  // One id per scan: its Idempotency-Key online, its journal entry's id when the instance did not answer it.
  const scanId = newId();
  // Known to be offline: decided from the copy at once, not after another wait on the network.
  const asked = online.get() ? await askInstance(paired, scanMode, scanned, scanId) : undefined;
  return asked ?? decideOffline(paired, scanMode, scanned, scanId);
}

export function scan(text: string): void {
  const scanNumber = ++latest;
  const slow = setTimeout(() => scanNumber === latest && shown.set({ kind: 'checking' }), CHECKING_AFTER_MS);
  const show = (verdict: Verdict | undefined) => {
    clearTimeout(slow);
    if (scanNumber !== latest) return;
    shown.set(verdict && { kind: 'verdict', verdict, scan: scanNumber });
    if (verdict) signal(verdict.tone);
  };
  decide(text).then(show, (error: unknown) => {
    // A fault on this device (its storage, a bug): the steward is told to ask, the details go to the console.
    console.error(error);
    show(askSupervisor(texts.deviceFault, !online.get()));
  });
}

export const dismiss = (scanNumber: number) => {
  const current = shown.get();
  if (current?.kind === 'verdict' && current.scan === scanNumber) shown.set(undefined);
};
