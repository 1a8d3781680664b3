/**
 * A paired device at work: the ready screen, the answer over it, the scanner's keys heard wherever
 * the focus is, and in the background the counts, the offline copy and the journal's upload.
 */
import { scan } from './answer/answer';
import { AnswerScreen } from './answer/AnswerScreen';
import type { Device } from './device';
import { useJournalUpload } from './offline/use-journal-upload';
import { useOfflineCopy } from './offline/use-offline-copy';
import { useGateCounts } from './ready/gate-counts';
import { ReadyScreen } from './ready/ReadyScreen';
import { useKeyboardWedge } from './scan/use-keyboard-wedge';

export function GateScreen({ device }: { device: Device }) {
  useGateCounts(device);
  useOfflineCopy(device);
  useJournalUpload(device);
  useKeyboardWedge(scan);
  return (
    <>
      <ReadyScreen device={device} onScan={scan} />
      <AnswerScreen />
    </>
  );
}
