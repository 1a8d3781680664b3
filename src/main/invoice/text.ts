import type { OrderStatus, PaymentStatus } from '#shared/schemas/order.js';

/** The state stamped on an invoice, in words a customer reads at a glance. */
export function invoiceStamp(status: OrderStatus, paymentStatus: PaymentStatus): { text: string; color: string } {
  // Cancelled yet paid: the money was given back (a refund).
  if (status === 'cancelled' && paymentStatus === 'paid') return { text: 'DIKEMBALIKAN (REFUND)', color: '#b42318' };
  if (paymentStatus === 'paid') return { text: 'LUNAS', color: '#1a7f37' };
  if (status === 'cancelled') return { text: paymentStatus === 'expired' ? 'KEDALUWARSA' : 'DIBATALKAN', color: '#b42318' };
  if (status === 'verification_pending') return { text: 'MENUNGGU VERIFIKASI', color: '#9a6700' };
  return { text: 'BELUM DIBAYAR', color: '#9a6700' };
}

/**
 * The closing line: only an invoice that carries tickets sends the customer to the gate; an unpaid
 * or cancelled one says plainly that it is no ticket.
 */
export function invoiceFooter(status: OrderStatus, paymentStatus: PaymentStatus): string {
  if (paymentStatus === 'paid' && status !== 'cancelled') return 'Tunjukkan kode QR di pintu masuk. Simpan invoice ini sebagai bukti pembelian.';
  if (status === 'cancelled') return 'Pesanan ini tidak berlaku: invoice ini bukan tiket masuk.';
  return 'Tiket diterbitkan setelah pembayaran lunas: invoice ini belum berlaku sebagai tiket masuk.';
}
