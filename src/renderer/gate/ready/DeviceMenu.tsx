/**
 * Tucked away at the bottom: which device this is, whether the app works offline here, and
 * "Lepas perangkat" (forget the key), asked twice since what waits in the journal goes with it.
 */
import { useState } from 'react';
import { forgetDevice, type Device } from '../device';
import { clearJournal } from '../offline/journal';
import { shellState } from '../service-worker';
import { useStore } from '../store';
import { texts } from '../texts';

export function DeviceMenu({ device }: { device: Device }) {
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string>();
  const shell = useStore(shellState);
  const release = () =>
    clearJournal().then(
      () => forgetDevice(),
      (error: unknown) => {
        console.error(error);
        setProblem(texts.storageFailed);
      },
    );
  return (
    <details className="device-menu">
      <summary>{texts.device}</summary>
      <p>{device.name}</p>
      <p className="muted">{texts.shell[shell]}</p>
      {asking ? (
        <div className="confirm">
          <p>{texts.releaseConfirm}</p>
          <button type="button" className="danger" onClick={release}>
            {texts.releaseYes}
          </button>
          <button type="button" className="secondary" onClick={() => setAsking(false)}>
            {texts.cancel}
          </button>
        </div>
      ) : (
        <button type="button" className="secondary" onClick={() => setAsking(true)}>
          {texts.release}
        </button>
      )}
      {problem && <p className="problem">{problem}</p>}
    </details>
  );
}
