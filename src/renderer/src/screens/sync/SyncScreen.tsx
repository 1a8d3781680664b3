/**
 * Replication at a glance: how the counter stands with its remote, when it last got through, what
 * waits, what it may still sell offline, the gate list of the central's tickets, and the changes
 * the remote refused, each with the ways an operator can settle it.
 */
import { useState } from 'react';
import { CONFLICT_RESOLUTION_LABEL } from '#shared/labels.js';
import { CANCELLABLE_STATUSES } from '#shared/schemas/order.js';
import type { Conflict, ConflictResolution, SyncStatus } from '#shared/schemas/sync.js';
import { useConflicts, useOrder, useRefundConflict, useResolveConflict, useRunSync, useTickets } from '../../api/hooks';
import { RefundDialog } from '../../components/RefundDialog';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { Field, Notice } from '../../components/Field';
import { dateTime } from '../../format';
import { ConnectionPill } from '../../components/ConnectionPill';
import { connectionOf, type Connection } from '../../sync-summary';
import { GateListSection } from './GateListSection';
import { RemoteReport } from './RemoteReport';

/** What each standing means for a sale, in a sentence. */
const CONNECTION_NOTE: Record<Connection, string> = {
  local: '',
  online: 'Siaga: kursi setiap penjualan dipesan di layanan pusat sebelum dibayar; perubahan dikirim begitu terjadi.',
  hub: 'Siaga: kursi setiap penjualan dipesan di hub sebelum dibayar, jadi semua loket berbagi satu kuota.',
  hub_only:
    'Hub terjangkau, tetapi hub tidak terhubung ke layanan pusat: hub menjual dari jatah offline-nya untuk semua loket; penjualan yang melebihinya ditolak sebelum dibayar.',
  hub_unreachable: 'Hub tidak terjangkau. Loket ini menjual dari jatah offline-nya sendiri; semua dikirim saat hub terjangkau lagi.',
  offline: 'Layanan pusat tidak terjangkau. Penjualan tetap berjalan dari jatah offline dan dikirim saat koneksi pulih.',
  auth_required: 'Layanan pusat menolak kunci API. Masukkan kunci baru di Pengaturan; tidak ada yang hilang.',
};

const KIND_LABEL: Record<Conflict['kind'], string> = {
  create: 'Pesanan baru',
  checkout: 'Pembayaran',
  confirm: 'Konfirmasi pembayaran',
  reject: 'Penolakan pembayaran',
  cancel: 'Pembatalan',
  checkin: 'Check-in di gerbang',
};

export function SyncScreen({ status, eventId }: { status: SyncStatus | undefined; eventId: string | undefined }) {
  const run = useRunSync();
  if (!status) return <p className="muted">Memuat status sinkronisasi…</p>;
  const when = (iso: string | null) => (iso ? dateTime(iso) : 'belum pernah');
  return (
    <div className="sync">
      <section className="card">
        <div className="section-head">
          <h2>Sinkronisasi</h2>
          <button type="button" className="primary" disabled={!status.remote || run.isPending} onClick={() => run.mutate()}>
            {run.isPending ? 'Menyinkronkan…' : 'Sinkronkan sekarang'}
          </button>
        </div>
        {!status.remote ? (
          <p>Loket ini belum terhubung ke layanan pusat: semua penjualan hanya tersimpan di sini. Atur koneksi di Pengaturan.</p>
        ) : (
          <>
            <p>
              <ConnectionPill status={status} /> {status.state === 'syncing' ? 'Sedang menyinkronkan…' : CONNECTION_NOTE[connectionOf(status)]}
            </p>
            <dl className="facts wide-facts">
              <dt>Layanan pusat</dt>
              <dd>
                <code>{status.remote.baseUrl}</code> (kunci <code>{status.remote.apiKey}</code>)
              </dd>
              <dt>Terakhir berhasil</dt>
              <dd data-testid="last-success">{when(status.lastSuccessAt)}</dd>
              <dt>Acara terakhir diambil</dt>
              <dd>{when(status.lastPullAt)}</dd>
              <dt>Menunggu dikirim</dt>
              <dd data-testid="sync-pending">{status.pending}</dd>
              <dt>Konflik</dt>
              <dd>{status.conflicts}</dd>
              {status.lastError && (
                <>
                  <dt>Kesalahan terakhir</dt>
                  <dd className="small" data-testid="last-error">
                    {status.lastError}
                  </dd>
                </>
              )}
            </dl>
          </>
        )}
        {run.error && <Notice kind="error">{run.error.message}</Notice>}
      </section>
      {status.remote && <RemoteReport status={status} />}
      {status.remote && <Allotments status={status} eventId={eventId} />}
      <GateListSection />
      <Conflicts />
    </div>
  );
}

function Allotments({ status, eventId }: { status: SyncStatus; eventId: string | undefined }) {
  const tickets = useTickets(eventId).data ?? [];
  const byId = new Map(status.allotments.map((a) => [a.ticketCategoryId, a]));
  const rows = tickets.filter((t) => byId.has(t.id));
  if (rows.length === 0) return null;
  return (
    <section className="card">
      <h2>Jatah penjualan offline (acara ini)</h2>
      <p className="muted small">Yang boleh dijual loket ini selama layanan pusat tidak terjangkau, agar beberapa loket offline tidak menjual melebihi kuota.</p>
      <table>
        <thead>
          <tr>
            <th>Kategori</th>
            <th>Jatah</th>
            <th>Terpakai</th>
            <th>Sisa</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => {
            const a = byId.get(t.id)!;
            return (
              <tr key={t.id}>
                <td>{t.name}</td>
                <td>{a.allotment}</td>
                <td>{a.used}</td>
                <td>{a.left}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Conflicts() {
  const conflicts = useConflicts().data ?? [];
  const resolve = useResolveConflict();
  const [asking, setAsking] = useState<{ conflict: Conflict; action: ConflictResolution }>();
  const [remoteOrderId, setRemoteOrderId] = useState('');
  const act = (conflict: Conflict, action: ConflictResolution) => {
    // A refusal of the last decision belongs to it, not to the dialog of the next one.
    resolve.reset();
    setRemoteOrderId('');
    if (action === 'retry') resolve.mutate({ seq: conflict.seq, action });
    else setAsking({ conflict, action });
  };
  const done = () => setAsking(undefined);
  return (
    <section className="card">
      <h2>Konflik ({conflicts.length})</h2>
      {conflicts.length === 0 ? (
        <p className="muted">Tidak ada perubahan yang ditolak layanan pusat.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Perubahan</th>
              <th>Pelanggan</th>
              <th>Alasan penolakan</th>
              <th>Tindakan</th>
            </tr>
          </thead>
          <tbody>
            {conflicts.map((c) => (
              <tr key={c.seq}>
                <td>
                  {KIND_LABEL[c.kind]}
                  <br />
                  <span className="muted small">{dateTime(c.createdAt)}</span>
                </td>
                <td>
                  {c.customerName}
                  <br />
                  <span className="muted small">{c.customerEmail}</span>
                </td>
                <td className="small">{c.error}</td>
                <td className="row-actions">
                  <button type="button" className="secondary" onClick={() => act(c, 'retry')}>
                    {CONFLICT_RESOLUTION_LABEL.retry}
                  </button>
                  {c.kind === 'create' && (
                    <button type="button" className="secondary" onClick={() => act(c, 'link')}>
                      {CONFLICT_RESOLUTION_LABEL.link}
                    </button>
                  )}
                  {c.orderStatus === 'completed' && (
                    <button type="button" className="secondary" onClick={() => act(c, 'refund')}>
                      {CONFLICT_RESOLUTION_LABEL.refund}
                    </button>
                  )}
                  {CANCELLABLE_STATUSES.includes(c.orderStatus) && (
                    <button type="button" className="secondary" onClick={() => act(c, 'cancel-local')}>
                      {CONFLICT_RESOLUTION_LABEL['cancel-local']}
                    </button>
                  )}
                  <button type="button" className="link" onClick={() => act(c, 'dismiss')}>
                    {CONFLICT_RESOLUTION_LABEL.dismiss}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {resolve.error && !asking && <Notice kind="error">{resolve.error.message}</Notice>}
      <Dialog title="Tautkan ke pesanan di layanan pusat" open={asking?.action === 'link'} onClose={done}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (asking) resolve.mutate({ seq: asking.conflict.seq, action: 'link', remoteOrderId: remoteOrderId.trim() }, { onSuccess: done });
          }}
        >
          <p>Bila pesanan ini sudah ada di layanan pusat (misalnya dibuat lewat loket lain), masukkan ID pesanan pusat itu. Loket berhenti mengirimnya sebagai pesanan baru.</p>
          <Field label="ID pesanan di layanan pusat">{(props) => <input {...props} autoFocus value={remoteOrderId} onChange={(e) => setRemoteOrderId(e.target.value)} />}</Field>
          {resolve.error && <Notice kind="error">{resolve.error.message}</Notice>}
          <div className="actions">
            <button type="submit" className="primary" disabled={!remoteOrderId.trim() || resolve.isPending}>
              Tautkan
            </button>
          </div>
        </form>
      </Dialog>
      {asking?.action === 'refund' && <ConflictRefund conflict={asking.conflict} onClose={done} />}
      <ConfirmDialog
        open={asking?.action === 'cancel-local' || asking?.action === 'dismiss'}
        title={asking?.action === 'dismiss' ? 'Abaikan konflik ini?' : 'Batalkan pesanan di loket?'}
        confirmLabel={asking?.action === 'dismiss' ? 'Ya, abaikan' : 'Ya, batalkan di loket'}
        busy={resolve.isPending}
        onCancel={done}
        onConfirm={() => (asking?.action === 'cancel-local' || asking?.action === 'dismiss') && resolve.mutate({ seq: asking.conflict.seq, action: asking.action }, { onSuccess: done })}
      >
        <p>
          {asking?.action === 'dismiss'
            ? 'Loket berhenti mengirim perubahan ini. Pilih ini hanya bila sudah diselesaikan langsung di layanan pusat.'
            : 'Pesanan yang belum dibayar dibatalkan di loket ini dan kursinya dilepas. Layanan pusat menerima pembatalan hanya bila pesanannya ada di sana.'}
        </p>
        {resolve.error && <Notice kind="error">{resolve.error.message}</Notice>}
      </ConfirmDialog>
    </section>
  );
}

/** A paid sale the remote refused: refunded here, from the order as it stands. */
function ConflictRefund({ conflict, onClose }: { conflict: Conflict; onClose: () => void }) {
  const order = useOrder(conflict.eventId, conflict.orderId);
  const refund = useRefundConflict(conflict.seq);
  if (order.error) return <Notice kind="error">{order.error.message}</Notice>;
  return order.data ? <RefundDialog order={order.data} refund={refund} onClose={onClose} /> : null;
}
