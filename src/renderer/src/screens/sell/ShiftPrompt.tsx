/** Tells the cashier with no open shift that cash needs one, and how to open it. */
import { useCurrentSession } from '../../api/cash-hooks';
import { Notice } from '../../components/Field';
import { Kbd } from '../../keyboard';

export function ShiftPrompt({ onOpenShift }: { onOpenShift: () => void }) {
  const current = useCurrentSession();
  if (current.isPending || current.data?.status === 'open') return null;
  return (
    <Notice kind="warning">
      {current.data ? 'Shift Anda sedang ditutup (menunggu persetujuan selisih). ' : 'Shift Anda belum dibuka. '}
      Pembayaran tunai memerlukan shift yang terbuka: buka menu Shift <Kbd keys="F5" />, isi modal awal per pecahan, lalu pilih Buka shift.{' '}
      <button type="button" className="link" onClick={onOpenShift}>
        Buka shift sekarang
      </button>
    </Notice>
  );
}
