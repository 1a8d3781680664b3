/**
 * Whether a ticket scanned out at an exit may come in again. Those who may change it (event:update)
 * get the switch; the others read the setting, since it decides what their gate does.
 */
import { useSetGateSettings } from '../../../api/gate-hooks';
import { Notice } from '../../../components/Field';

const LABEL = 'Boleh masuk kembali setelah keluar';

export function ReentryToggle({ eventId, allowed, mayChange }: { eventId: string; allowed: boolean; mayChange: boolean }) {
  const save = useSetGateSettings(eventId);
  if (!mayChange) return <p className="muted small">{allowed ? 'Masuk kembali setelah keluar diizinkan.' : 'Masuk kembali setelah keluar tidak diizinkan.'}</p>;
  return (
    <div className="reentry">
      <label className="check">
        <input
          type="checkbox"
          checked={save.isPending ? save.variables.reentryAllowed : allowed}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ reentryAllowed: e.target.checked })}
        />
        {LABEL}
      </label>
      <span className="muted small">{allowed ? 'Tiket yang dipindai keluar boleh masuk lagi.' : 'Tiap tiket masuk sekali; pindai keluar ditolak.'}</span>
      {save.error && <Notice kind="error">Pengaturan gerbang tidak tersimpan: {save.error.message}</Notice>}
    </div>
  );
}
