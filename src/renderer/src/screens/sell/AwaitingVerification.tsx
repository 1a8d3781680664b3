/**
 * A transfer or QRIS sale left for "Verifikasi nanti" must not be forgotten: the Sell screen says
 * how many of the event's sales still wait for their money to be seen, and opens their list.
 */
import { useOrders } from '../../api/hooks';
import { Kbd, useShortcuts } from '../../keyboard';

/** Only the count is needed: one row is asked for, the total comes with it. */
const COUNT_ONLY = { status: 'verification_pending', limit: 1 } as const;

export function AwaitingVerification({ eventId, onShow }: { eventId: string; onShow: () => void }) {
  const waiting = useOrders(eventId, COUNT_ONLY).data?.meta.total ?? 0;
  useShortcuts({ 'Alt+V': waiting > 0 ? onShow : undefined });
  if (waiting === 0) return null;
  return (
    <div className="awaiting" role="status" data-testid="awaiting-verification">
      <span>
        <strong>{waiting.toLocaleString('id-ID')}</strong> penjualan menunggu verifikasi pembayaran (transfer/QRIS)
      </span>
      <button type="button" className="secondary" onClick={onShow}>
        Lihat daftar <Kbd keys="Alt+V" />
      </button>
    </div>
  );
}
