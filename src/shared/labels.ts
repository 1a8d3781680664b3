/**
 * Indonesian names of the states and methods an operator and a customer read: on the invoice and in
 * the counter UI alike, so the two never word the same thing two ways.
 */
import type { AuditAction, AuditCredential } from './schemas/audit.js';
import type { BackgroundTask } from './schemas/background.js';
import type { CashReport } from './schemas/cash-session.js';
import type { OrderStatus, PaymentStatus } from './schemas/order.js';
import type { PaymentMethod } from './schemas/payment.js';
import type { ScanReason } from './schemas/scan.js';
import type { Settings } from './schemas/settings.js';
import type { ConflictResolution } from './schemas/sync.js';

export const METHOD_LABEL: Record<PaymentMethod, string> = {
  cash: 'Tunai',
  card: 'Kartu debit/kredit',
  bank_transfer: 'Transfer bank',
  qris: 'QRIS',
};

/** A cash report's title: "Laporan Z No. 3", an issued "Laporan X No. 7", or the X report so far. */
export const cashReportTitle = (r: Pick<CashReport, 'kind' | 'number'>) => (r.number === null ? 'Laporan X (sementara)' : `Laporan ${r.kind} No. ${r.number}`);

/** In reports, who took a payment replicated here from another counter: no cashier of this one. */
export const OTHER_COUNTER = 'Loket lain';

/** The gate a ticket checked in at the counter itself is recorded at. */
export const COUNTER_GATE = 'Loket';

/** Why a gate refused a scan (or, `reentry`, let a ticket in again after an exit). */
export const SCAN_REASON_LABEL: Record<ScanReason, string> = {
  already_in: 'Sudah di dalam',
  not_found: 'Tiket tidak ditemukan',
  not_paid: 'Belum dibayar',
  cancelled: 'Dibatalkan',
  refunded: 'Sudah direfund',
  invalid_token: 'Kode QR tidak sah',
  reentry_off: 'Masuk kembali tidak diizinkan',
  not_inside: 'Pindai keluar, tiket tidak di dalam',
  reentry: 'Masuk kembali',
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

/**
 * An order's payment as the counter says it: a paid order that is cancelled was refunded (the
 * interface has no refunded state; only a refund cancels a paid order).
 */
export const paymentLabelOf = (order: { status: OrderStatus; paymentStatus: PaymentStatus }) => (isRefunded(order) ? 'Direfund' : PAYMENT_STATUS_LABEL[order.paymentStatus]);

/** Only a refund cancels a paid order. */
export const isRefunded = (order: { status: OrderStatus; paymentStatus: PaymentStatus }) => order.status === 'cancelled' && order.paymentStatus === 'paid';

/** What an audit log entry records, in the operator's words. */
export const AUDIT_ACTION_LABEL: Record<AuditAction, string> = {
  'order.created': 'Pesanan dibuat',
  'order.paid': 'Pembayaran diterima',
  'order.payment_pending_verification': 'Pembayaran menunggu verifikasi',
  'order.payment_rejected': 'Pembayaran ditolak',
  'order.cancelled': 'Pesanan dibatalkan',
  'order.refunded': 'Pesanan dikembalikan (refund)',
  'cash_session.opened': 'Sesi kas dibuka',
  'cash_session.cash_moved': 'Kas masuk/keluar',
  'cash_session.counted': 'Kas dihitung (tutup buta)',
  'cash_session.closed': 'Sesi kas ditutup',
  'cash_session.x_report_issued': 'Laporan X diterbitkan',
  'cash_drawer.opened': 'Laci kas dibuka',
  'order.expired': 'Pesanan kedaluwarsa',
  'ticket.checked_in': 'Check-in tiket',
  'ticket.double_admission': 'Tiket masuk dua kali',
  'ticket.cancelled_inside': 'Tiket dibatalkan pusat setelah masuk',
  'event.gate_settings_changed': 'Pengaturan gerbang diubah',
  'ticket_key.registered': 'Kunci tiket loket didaftarkan',
  'api_key.created': 'Kunci API dibuat',
  'api_key.revoked': 'Kunci API dicabut',
  'settings.changed': 'Pengaturan diubah',
  'remote.changed': 'Koneksi pusat diubah',
  'conflict.resolved': 'Konflik sinkronisasi diselesaikan',
  'user.created': 'Pengguna dibuat',
  'user.approval_pin_set': 'PIN persetujuan diatur',
  'user.password_changed': 'Kata sandi diganti',
  'grant.added': 'Hak akses diberikan',
};

/** How the one who acted proved it (audit log). */
export const CREDENTIAL_LABEL: Record<AuditCredential, string> = {
  api_key: 'Kunci API',
  login: 'Login',
  cli: 'Baris perintah',
  system: 'Sistem',
};

/** An operator's decision about a sync conflict, as its button says it. */
export const CONFLICT_RESOLUTION_LABEL: Record<ConflictResolution, string> = {
  retry: 'Kirim ulang',
  link: 'Tautkan',
  'cancel-local': 'Batalkan di loket',
  refund: 'Refund di loket',
  dismiss: 'Abaikan',
};

/** The counter's own work that failed, and what failing means for the counter meanwhile. */
export const BACKGROUND_TASK_LABEL: Record<BackgroundTask, { name: string; meanwhile: string }> = {
  backup: { name: 'Cadangan otomatis', meanwhile: 'Penjualan tetap tersimpan di loket ini, tetapi belum dicadangkan.' },
  search_index: { name: 'Indeks pencarian', meanwhile: 'Pencarian tetap menemukan semua pesanan, hanya lebih lambat.' },
  sweep: { name: 'Pembersihan berkala', meanwhile: 'Pesanan yang lewat batas bayar tetap dibatalkan saat daftar dibuka.' },
};

export const SETTING_LABEL: Record<keyof Settings, string> = {
  holdWindowMinutes: 'Batas waktu bayar (menit)',
  invoiceLayout: 'Ukuran invoice bawaan',
  offlineAllotmentPercent: 'Jatah offline (%)',
  listenHost: 'Alamat layanan',
  listenPort: 'Port layanan',
  corsOrigins: 'Origin CORS',
  requestsPerMinutePerKey: 'Permintaan per menit per kunci',
  requestsPerMinutePerAddress: 'Permintaan per menit per alamat',
  backupIntervalMinutes: 'Jarak cadangan (menit)',
  backupsKept: 'Cadangan disimpan',
  cashRoundingRupiah: 'Pembulatan tunai (Rp)',
  cashToleranceRupiah: 'Toleransi selisih kas (Rp)',
  counterName: 'Nama loket',
  printerAddress: 'Alamat printer struk',
  printerPaperWidth: 'Lebar kertas (mm)',
  printerCodepage: 'Tabel karakter printer',
  printerAutoPrint: 'Cetak struk otomatis',
  printerTicketSlips: 'Struk per tiket untuk transaksi',
  drawerKick: 'Buka laci kas',
  qrisPayload: 'Kode QRIS',
  transferInstructions: 'Petunjuk transfer',
};
