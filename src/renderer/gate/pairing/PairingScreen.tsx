/**
 * The first screen: pair this device with a gate. Opened from the supervisor's QR code
 * (/gate#pair=CODE) it pairs at once; else the steward types the short code, or pastes a device
 * key made on the command line. A key not bound to one gate asks for the event and the gate.
 */
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import type { GateEvent } from '#shared/schemas/gate-device.js';
import type { Answer } from '../api';
import { keepDevice, unpairedBecause } from '../device';
import { useStore } from '../store';
import { texts } from '../texts';
import { ChooseGate } from './ChooseGate';
import { checkKey, pairWithCode, type KeyAndDevice } from './pair';

type Busy = 'code' | 'key' | undefined;

/** onBack: where a device already paired goes back to its gate (a pairing link that failed). */
export function PairingScreen({ linkCode, onPaired, onBack }: { linkCode: string | undefined; onPaired: () => void; onBack: (() => void) | undefined }) {
  const because = useStore(unpairedBecause);
  const [code, setCode] = useState(linkCode ?? '');
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState<Busy>();
  const [problem, setProblem] = useState<string>();
  const [choosing, setChoosing] = useState<KeyAndDevice>();

  /** The device could not be kept (localStorage full or disabled): said on the pairing screen, not left unhandled. */
  const failed = (error: unknown) => {
    console.error(error);
    setBusy(undefined);
    setChoosing(undefined);
    setProblem(texts.pairNotKept);
  };
  const finish = ({ key: paired, device }: KeyAndDevice, event: GateEvent, gate: string) => {
    try {
      keepDevice({ key: paired, name: device.name, event, gate });
    } catch (error) {
      return failed(error);
    }
    onPaired();
  };
  const settle = (answer: Answer<KeyAndDevice>) => {
    setBusy(undefined);
    if (answer.kind === 'unreachable') return setProblem(texts.unreachable);
    if (answer.kind === 'refused') return setProblem(answer.message);
    const { device } = answer.data;
    const [first] = device.events;
    if (!first) return setProblem(texts.keyHasNoEvent);
    // Paired for one gate of one event: nothing to ask.
    if (device.gate && device.events.length === 1) return finish(answer.data, first, device.gate);
    setChoosing(answer.data);
  };
  const attempt = (kind: Busy, answer: Promise<Answer<KeyAndDevice>>) => {
    setBusy(kind);
    setProblem(undefined);
    answer.then(settle).catch(failed);
  };

  // Once, though React may run the effect twice: a pairing code is good for one pairing only.
  const linkTried = useRef(false);
  const pairFromLink = useEffectEvent((linked: string) => attempt('code', pairWithCode(linked)));
  useEffect(() => {
    if (!linkCode || linkTried.current) return;
    linkTried.current = true;
    pairFromLink(linkCode);
  }, [linkCode]);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) attempt('code', pairWithCode(code));
  };
  const submitKey = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim()) attempt('key', checkKey(key.trim()));
  };

  if (choosing) {
    return (
      <main className="pairing">
        <ChooseGate events={choosing.device.events} gate={choosing.device.gate ?? ''} onChosen={(event, gate) => finish(choosing, event, gate)} onBack={() => setChoosing(undefined)} />
      </main>
    );
  }
  return (
    <main className="pairing">
      <h1>{texts.pairTitle}</h1>
      {because && (
        <p className="problem" role="alert">
          {because}
        </p>
      )}
      <p>{texts.pairIntro}</p>
      <form className="card" onSubmit={submitCode}>
        <label htmlFor="pair-code">{texts.pairCodeLabel}</label>
        <input id="pair-code" className="code" value={code} onChange={(event) => setCode(event.target.value)} placeholder="K7QM-2XPA" autoCapitalize="characters" autoComplete="off" spellCheck={false} />
        <button type="submit" className="primary wide" disabled={busy !== undefined}>
          {busy === 'code' ? texts.pairing : texts.pairCodeButton}
        </button>
      </form>
      <form className="card" onSubmit={submitKey}>
        <label htmlFor="device-key">{texts.keyLabel}</label>
        <input id="device-key" value={key} onChange={(event) => setKey(event.target.value)} autoComplete="off" spellCheck={false} />
        <button type="submit" className="secondary wide" disabled={busy !== undefined}>
          {busy === 'key' ? texts.checkingKey : texts.keyButton}
        </button>
      </form>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      {onBack && (
        <button type="button" className="secondary wide" onClick={onBack}>
          {texts.backToGate}
        </button>
      )}
    </main>
  );
}
