/**
 * Indonesian names of the states and methods an operator and a customer read: on the invoice and in
 * the counter UI alike, so the two never word the same thing two ways.
 */
import type { OrderStatus, PaymentStatus } from './schemas/order.js';
import type { PaymentMethod } from './schemas/payment.js';

export const METHOD_LABEL: Record<PaymentMethod, string> = {
  cash: 'Tunai',
  card: 'Kartu debit/kredit',
  bank_transfer: 'Transfer bank',
  qris: 'QRIS',
};

/** Kept with a rejected transfer or QRIS payment: the operator did not see the money arrive. */
export const REJECTED_TRANSFER_REASON = 'Pembayaran tidak ditemukan';

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  payment_pending: 'Menunggu pembayaran',
  verification_pending: 'Menunggu verifikasi',
  completed: 'Selesai',
  cancelled: 'Dibatalkan',
};

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  unpaid: 'Belum dibayar',
  paid: 'Lunas',
  expired: 'Kedaluwarsa',
};
