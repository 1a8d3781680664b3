/**
 * Uploads the journal as soon as the instance answers again (the counts' poll finds out within
 * seconds), and retries while entries wait: an upload the instance refused is shown until one succeeds.
 */
import { useEffect } from 'react';
import { online } from '../connection';
import type { Device } from '../device';
import { texts } from '../texts';
import { entriesOf, journal, uploadJournal, uploadProblem } from './journal';

const RETRY_MS = 10_000;

export function useJournalUpload(device: Device): void {
  useEffect(() => {
    const upload = () => {
      if (!online.get() || entriesOf(journal.get(), device.event.id).length === 0) return;
      uploadJournal(device).catch((error: unknown) => {
        console.error(error);
        uploadProblem.set(texts.uploadFailed(texts.storageFailed));
      });
    };
    const unsubscribe = [online.subscribe(upload), journal.subscribe(upload)];
    const timer = setInterval(upload, RETRY_MS);
    upload();
    return () => {
      unsubscribe.forEach((stop) => stop());
      clearInterval(timer);
    };
  }, [device]);
}
