/** An audit entry in a few words for its table row: who acted, on what, and what the details say. */
import { CONFLICT_RESOLUTION_LABEL, CREDENTIAL_LABEL, METHOD_LABEL, SETTING_LABEL } from '#shared/labels.js';
import type { AuditAction, AuditEntry } from '#shared/schemas/audit.js';
import { rupiah, signedRupiah } from '../../format';

const joined = (...parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ');

const settingValue = (value: number | string | boolean | string[]) => (Array.isArray(value) ? value.join(', ') || '—' : typeof value === 'boolean' ? (value ? 'ya' : 'tidak') : String(value) || '—');

/** The details of an entry, short: the table shows one or two lines of it. */
export function describeDetails(entry: AuditEntry): string {
  switch (entry.action) {
    case 'order.created':
      return joined(entry.details.customerName, entry.details.ticketCategoryName, rupiah(entry.details.total), `NIK ${entry.details.identityNumber}`);
    case 'order.paid':
    case 'order.payment_pending_verification':
      return joined(METHOD_LABEL[entry.details.method], rupiah(entry.details.amount));
    case 'order.payment_rejected':
      return joined(METHOD_LABEL[entry.details.method], entry.details.reason);
    case 'order.cancelled':
      return entry.details.reason ?? '—';
    case 'order.expired':
      return 'Tidak dibayar dalam batas waktu';
    case 'order.refunded':
      return joined(METHOD_LABEL[entry.details.method], rupiah(entry.details.amount), entry.details.reason, `disetujui ${entry.details.approvedBy}`);
    case 'cash_session.opened':
      return `Modal awal ${rupiah(entry.details.openingFloat)}`;
    case 'cash_session.cash_moved':
      return joined(entry.details.kind === 'cash_in' ? 'Kas masuk' : 'Kas keluar', rupiah(entry.details.amount), entry.details.reason);
    case 'cash_session.counted':
      return joined(`Seharusnya ${signedRupiah(entry.details.expectedCash)}`, `dihitung ${rupiah(entry.details.countedCash)}`, `selisih ${signedRupiah(entry.details.difference)}`);
    case 'cash_session.closed':
      return joined(`Laporan Z ${entry.details.reportNumber}`, `selisih ${signedRupiah(entry.details.difference)}`, entry.details.approvedBy && `disetujui ${entry.details.approvedBy}`, entry.details.reason);
    case 'cash_session.x_report_issued':
      return `Laporan X ${entry.details.reportNumber}`;
    case 'cash_drawer.opened':
      return joined(entry.details.reason, `disetujui ${entry.details.approvedBy}`);
    case 'ticket.checked_in':
      return joined(`Tiket ${entry.details.ticketNumber}`, entry.details.gate);
    case 'ticket.double_admission':
      return joined(`Tiket ${entry.details.ticketNumber}`, `di sini: ${entry.details.gate || 'tanpa nama gerbang'}`, `di hub: ${entry.details.elsewhere}`);
    case 'ticket.cancelled_inside':
      return joined(`Tiket ${entry.details.ticketNumber}`, entry.details.name, `masuk ${entry.details.gate || 'tanpa nama gerbang'}`, `oleh ${entry.details.checkedInBy}`);
    case 'event.gate_settings_changed':
      return entry.details.reentryAllowed ? 'Boleh masuk kembali setelah keluar' : 'Tidak boleh masuk kembali';
    case 'ticket_key.registered':
      return `Kunci ${entry.details.kid.slice(0, 12)}…`;
    case 'api_key.created':
    case 'api_key.revoked':
      return joined(`“${entry.details.name}” (${entry.details.prefix}…)`, entry.details.owner);
    case 'settings.changed':
      return entry.details.changes.map((c) => `${SETTING_LABEL[c.field]}: ${settingValue(c.before)} → ${settingValue(c.after)}`).join('; ');
    case 'remote.changed':
      return joined(entry.details.baseUrl, `kunci ${entry.details.apiKey}`, entry.details.ownerEmail);
    case 'conflict.resolved':
      return joined(CONFLICT_RESOLUTION_LABEL[entry.details.resolution], entry.details.remoteOrderId && `pesanan pusat ${entry.details.remoteOrderId}`);
    case 'user.created':
      return joined(entry.details.name, entry.details.email, entry.details.role);
    case 'grant.added':
      return joined(entry.details.email, entry.details.permission);
    case 'user.password_changed':
    case 'user.approval_pin_set':
      return entry.details.email;
  }
}

/** Who acted: a person's name (for the command line, the OS account), or the service itself. */
export function actorName(entry: AuditEntry): string {
  return entry.actor.name ?? CREDENTIAL_LABEL[entry.actor.credential];
}

/** With what and from where: "Kunci API “Tablet” · 192.168.1.31", "Login · 127.0.0.1", "Baris perintah"; nothing for the service itself. */
export function actorDevice(entry: AuditEntry): string {
  const { credential, apiKeyName, address } = entry.actor;
  if (credential === 'system') return '';
  return joined(apiKeyName ? `${CREDENTIAL_LABEL[credential]} “${apiKeyName}”` : CREDENTIAL_LABEL[credential], address);
}

/** What kind of thing an action's subject is. */
export const SUBJECT_KIND: Record<AuditAction, string> = {
  'order.created': 'Pesanan',
  'order.paid': 'Pesanan',
  'order.payment_pending_verification': 'Pesanan',
  'order.payment_rejected': 'Pesanan',
  'order.cancelled': 'Pesanan',
  'order.expired': 'Pesanan',
  'order.refunded': 'Pesanan',
  'cash_session.opened': 'Sesi kas',
  'cash_session.cash_moved': 'Sesi kas',
  'cash_session.counted': 'Sesi kas',
  'cash_session.closed': 'Sesi kas',
  'cash_session.x_report_issued': 'Sesi kas',
  'cash_drawer.opened': 'Laci kas',
  'ticket.checked_in': 'Pesanan',
  'ticket.double_admission': 'Pesanan',
  'ticket.cancelled_inside': 'Pesanan',
  'event.gate_settings_changed': 'Acara',
  'ticket_key.registered': 'Kunci tiket',
  'api_key.created': 'Kunci API',
  'api_key.revoked': 'Kunci API',
  'settings.changed': 'Pengaturan',
  'remote.changed': 'Layanan pusat',
  'conflict.resolved': 'Konflik',
  'user.created': 'Pengguna',
  'user.password_changed': 'Pengguna',
  'user.approval_pin_set': 'Pengguna',
  'grant.added': 'Pengguna',
};
