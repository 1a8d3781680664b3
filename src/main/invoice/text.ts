import type { OrderStatus, PaymentStatus } from '../../shared/schemas/order.js';

/** The state stamped on an invoice, in words a customer reads at a glance. */
export function invoiceStamp(status: OrderStatus, paymentStatus: PaymentStatus): { text: string; color: string } {
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
  if (paymentStatus === 'paid') return 'Tunjukkan kode QR di pintu masuk. Simpan invoice ini sebagai bukti pembelian.';
  if (status === 'cancelled') return 'Pesanan ini tidak berlaku: invoice ini bukan tiket masuk.';
  return 'Tiket diterbitkan setelah pembayaran lunas: invoice ini belum berlaku sebagai tiket masuk.';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** "Minggu, 6 Desember 2026 pukul 09.00 WIB" in the event's time zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('id-ID', { timeZone, dateStyle: 'full', timeStyle: 'short' });
    formatters.set(timeZone, formatter);
  }
  const zone = new Intl.DateTimeFormat('id-ID', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${formatter.format(new Date(iso))}${zone ? ` ${zone}` : ''}`;
}
