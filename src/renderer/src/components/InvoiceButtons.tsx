import { useMutation } from '@tanstack/react-query';
import type { OrderDetail } from '#shared/schemas/order.js';
import { useInvoiceLayout } from '../api/hooks';
import { downloadInvoice, printInvoice } from '../invoice';
import { Kbd, useShortcuts } from '../keyboard';
import { Notice } from './Field';
import { LayoutSelect } from './LayoutSelect';

/** Print or save the order's invoice, in the layout chosen here or the counter's default. */
export function InvoiceButtons({ order }: { order: OrderDetail }) {
  const [layout, setLayout] = useInvoiceLayout();
  const print = useMutation({ mutationFn: () => printInvoice(order.eventId, order.id, layout) });
  const download = useMutation({ mutationFn: () => downloadInvoice(order.eventId, order.id, layout) });
  useShortcuts({ 'Alt+P': () => print.mutate(), 'Alt+U': () => download.mutate() });
  return (
    <div className="invoice-buttons">
      <LayoutSelect value={layout} onChange={setLayout} />
      <button type="button" className="secondary" disabled={print.isPending} onClick={() => print.mutate()}>
        Cetak invoice <Kbd keys="Alt+P" />
      </button>
      <button type="button" className="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
        Unduh PDF <Kbd keys="Alt+U" />
      </button>
      {(print.error ?? download.error) && <Notice kind="error">{(print.error ?? download.error)!.message}</Notice>}
    </div>
  );
}

