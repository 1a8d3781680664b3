/** Between scans: which event and gate, the mode, online or not, the counts, and the ways to scan. */
import type { Device } from '../device';
import { useStore } from '../store';
import { texts } from '../texts';
import { CameraPanel } from './CameraPanel';
import { ConnectionBadge } from './ConnectionBadge';
import { CountTiles } from './CountTiles';
import { DeviceMenu } from './DeviceMenu';
import { counts } from './gate-counts';
import { JournalStatus } from './JournalStatus';
import { ManualEntry } from './ManualEntry';
import { ModeSwitch } from './ModeSwitch';

export function ReadyScreen({ device, onScan }: { device: Device; onScan: (text: string) => void }) {
  // The instance's word on re-entry, read with the counts, is newer than the one kept at pairing.
  const reentryAllowed = useStore(counts)?.reentryAllowed ?? device.event.reentryAllowed;
  return (
    <main className="ready">
      <header>
        <p className="event">{device.event.name}</p>
        <h1>{device.gate}</h1>
      </header>
      <ConnectionBadge timeZone={device.event.timezone} />
      <JournalStatus eventId={device.event.id} />
      <ModeSwitch reentryAllowed={reentryAllowed} />
      <CountTiles device={device} />
      <p className="hint">{texts.scanHint}</p>
      <ManualEntry onScan={onScan} />
      <CameraPanel onScan={onScan} />
      <DeviceMenu device={device} />
    </main>
  );
}
