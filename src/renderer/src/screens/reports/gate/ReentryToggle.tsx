/**
 * Whether a ticket scanned out at an exit may come in again. Those who may change it (event:update)
 * get the switch; the others read the setting, since it decides what their gate does.
 */
import { useState } from 'react';
import { useSetGateSettings } from '../../../api/gate-hooks';
import { Notice } from '../../../components/Field';

const LABEL = 'Boleh masuk kembali setelah keluar';

export function ReentryToggle({ eventId, allowed, mayChange }: { eventId: string; allowed: boolean; mayChange: boolean }) {
  const save = useSetGateSettings(eventId);
  // What was clicked, until the service has answered: the switch does not flick back meanwhile.
  const [wanted, setWanted] = useState<boolean | null>(null);
  if (!mayChange) return <p className="muted small">{allowed ? 'Masuk kembali setelah keluar diizinkan.' : 'Masuk kembali setelah keluar tidak diizinkan.'}</p>;
  return (
    <div className="reentry">
      <label className="check">
        <input
          type="checkbox"
          checked={wanted ?? allowed}
          disabled={save.isPending}
          onChange={(e) => {
            setWanted(e.target.checked);
            save.mutate({ reentryAllowed: e.target.checked }, { onSettled: () => setWanted(null) });
          }}
        />
        {LABEL}
      </label>
      <span className="muted small">{allowed ? 'Tiket yang dipindai keluar boleh masuk lagi.' : 'Tiap tiket masuk sekali; pindai keluar ditolak.'}</span>
      {save.error && <Notice kind="error">Pengaturan gerbang tidak tersimpan: {save.error.message}</Notice>}
    </div>
  );
}
