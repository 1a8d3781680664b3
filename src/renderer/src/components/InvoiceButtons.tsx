import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OrderDetail } from '#shared/schemas/order.js';
import { useInvoiceLayout } from '../api/hooks';
import { usePrinter, usePrintReceipt } from '../api/print-hooks';
import { downloadInvoice, printInvoice } from '../invoice';
import { Kbd, useShortcuts } from '../keyboard';
import { Notice } from './Field';
import { LayoutSelect } from './LayoutSelect';

/** The orders whose receipt printed by itself: once each, however often their Done screen is drawn. */
const autoPrinted = new Set<string>();

/**
 * Print or save the order's invoice. With a receipt printer set, Alt+P prints it there (through
 * the queue) and the print dialog with the PDF stays one key away (Alt+O); without one, Alt+P
 * opens the dialog. The PDF is in the layout chosen here or the counter's default. Right after a
 * payment (`justPaid`) the receipt prints by itself when the counter is set to.
 */
export function InvoiceButtons({ order, justPaid = false }: { order: OrderDetail; justPaid?: boolean }) {
  const [layout, setLayout] = useInvoiceLayout();
  const printer = usePrinter();
  const receipt = usePrintReceipt(order);
  const dialog = useMutation({ mutationFn: () => printInvoice(order.eventId, order.id, layout) });
  const download = useMutation({ mutationFn: () => downloadInvoice(order.eventId, order.id, layout) });
  const { mutate: printReceipt } = receipt;
  useEffect(() => {
    if (!justPaid || !printer?.printerAutoPrint || autoPrinted.has(order.id)) return;
    autoPrinted.add(order.id);
    printReceipt();
  }, [justPaid, printer, order.id, printReceipt]);
  useShortcuts({
    'Alt+P': printer ? () => receipt.mutate() : () => dialog.mutate(),
    'Alt+O': printer ? () => dialog.mutate() : undefined,
    'Alt+U': () => download.mutate(),
  });
  const error = receipt.error ?? dialog.error ?? download.error;
  return (
    <div className="invoice-buttons">
      {printer && (
        <button type="button" className="secondary" disabled={receipt.isPending} onClick={() => receipt.mutate()}>
          Cetak struk <Kbd keys="Alt+P" />
        </button>
      )}
      <LayoutSelect value={layout} onChange={setLayout} />
      <button type="button" className="secondary" disabled={dialog.isPending} onClick={() => dialog.mutate()}>
        {printer ? 'Dialog cetak' : 'Cetak invoice'} <Kbd keys={printer ? 'Alt+O' : 'Alt+P'} />
      </button>
      <button type="button" className="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
        Unduh PDF <Kbd keys="Alt+U" />
      </button>
      {receipt.isSuccess && !error && <Notice kind="success">Dikirim ke printer.</Notice>}
      {error && <Notice kind="error">{error.message}</Notice>}
    </div>
  );
}
