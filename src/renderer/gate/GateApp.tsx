/** Paired, the gate; not yet (or no longer, or a pairing link was opened), the pairing screen. */
import { useEffect, useState } from 'react';
import { device } from './device';
import { GateScreen } from './GateScreen';
import { codeFromLink } from './pairing/pair';
import { PairingScreen } from './pairing/PairingScreen';
import { useStore } from './store';

export function GateApp({ linkCode: opened }: { linkCode: string | undefined }) {
  const paired = useStore(device);
  // A pairing link pairs this device again, even one already paired (moved to another gate).
  const [linkCode, setLinkCode] = useState(opened);
  // A link opened in the app's own tab changes only the address's hash: no new page.
  useEffect(() => {
    const onHash = () => setLinkCode((current) => codeFromLink() ?? current);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const leave = () => setLinkCode(undefined);
  if (paired && !linkCode) return <GateScreen key={paired.key} device={paired} />;
  return <PairingScreen key={linkCode} linkCode={linkCode} onPaired={leave} onBack={paired && leave} />;
}
