/**
 * Keeps the device ready for losing the network: what it kept from before (the copy, the journal)
 * is loaded at start, and the copy is renewed at once and every two minutes while the instance answers.
 */
import { useEffect } from 'react';
import type { Device } from '../device';
import { texts } from '../texts';
import { loadJournal } from './journal';
import { copyProblem, loadCopy, renewCopy, ticketCopy } from './ticket-copy';

const RENEW_MS = 2 * 60_000;

/** IndexedDB refused (a full disk, private browsing): said where the copy's state is shown. */
const storageFailed = (error: unknown) => {
  console.error(error);
  copyProblem.set(texts.copyFailed(texts.storageFailed));
};

export function useOfflineCopy(device: Device): void {
  useEffect(() => {
    ticketCopy.set(undefined);
    const renew = () => renewCopy(device).catch(storageFailed);
    Promise.all([loadCopy(device.event.id), loadJournal(device.event.id)]).then(renew, storageFailed);
    const timer = setInterval(renew, RENEW_MS);
    return () => clearInterval(timer);
  }, [device]);
}
