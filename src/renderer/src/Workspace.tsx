/**
 * The counter once logged in: the navigation (F1–F6, and the audit log for those who run the
 * counter), the always visible connection and pending-sync count, the banner when the remote
 * refuses the key, and the screen in use.
 */
import { useEffect, useState } from 'react';
import { readsAuditLog } from '#shared/roles.js';
import type { User } from '#shared/schemas/auth.js';
import { useSyncStatus } from './api/hooks';
import { ConnectionPill } from './components/ConnectionPill';
import { PrinterPill } from './components/PrinterPill';
import { ConfirmDialog } from './components/Dialog';
import { useCurrentEvent } from './current-event';
import { Kbd, useShortcuts } from './keyboard';
import { AuditScreen } from './screens/audit/AuditScreen';
import { OrdersScreen, type OrdersView } from './screens/orders/OrdersScreen';
import { useScannedTicket } from './scanned-ticket';
import { SellScreen } from './screens/sell/SellScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { ReportsScreen } from './screens/reports/ReportsScreen';
import { ShiftScreen } from './screens/shift/ShiftScreen';
import { SyncScreen } from './screens/sync/SyncScreen';
import { logOut } from './api/client';
import { connectionOf, unsyncedOf } from './sync-summary';

type ScreenName = 'sell' | 'orders' | 'sync' | 'settings' | 'shift' | 'reports' | 'audit';

/** The screens; `shownTo` limits one to some roles (the service refuses the others too). */
const SCREENS: { name: ScreenName; label: string; key?: string; shownTo?: (role: User['role']) => boolean }[] = [
  { name: 'sell', label: 'Jual', key: 'F1' },
  { name: 'orders', label: 'Pesanan', key: 'F2' },
  { name: 'sync', label: 'Sinkronisasi', key: 'F3' },
  { name: 'settings', label: 'Pengaturan', key: 'F4' },
  { name: 'shift', label: 'Shift', key: 'F5' },
  { name: 'reports', label: 'Laporan', key: 'F6' },
  { name: 'audit', label: 'Audit', shownTo: readsAuditLog },
];

export function Workspace({ user }: { user: User }) {
  const [screen, show] = useState<ScreenName>('sell');
  // The Orders screen opens on all orders, on those the Sell screen's reminder points to, or on a scanned ticket's order.
  const [ordersView, setOrdersView] = useState<OrdersView>({});
  const setScreen = (name: ScreenName) => {
    setOrdersView({});
    show(name);
  };
  const showOrders = (view: OrdersView) => {
    setOrdersView(view);
    show('orders');
  };
  const [eventId, chooseEvent] = useCurrentEvent();
  const scanProblem = useScannedTicket({
    openOrder: (order) => {
      chooseEvent(order.eventId);
      showOrders({ open: order });
    },
    showBasket: (eventId, transactionId) => {
      chooseEvent(eventId);
      showOrders({ search: transactionId });
    },
  });
  const [leaving, setLeaving] = useState(false);
  const status = useSyncStatus().data;
  const connection = connectionOf(status);
  const unsynced = unsyncedOf(status);
  const screens = SCREENS.filter((s) => !s.shownTo || s.shownTo(user.role));

  useShortcuts(Object.fromEntries(screens.flatMap((s) => (s.key ? [[s.key, () => setScreen(s.name)]] : []))));
  useUnsyncedWarning(unsynced);

  const logout = () => {
    setLeaving(false);
    void logOut();
  };

  return (
    <div className="workspace">
      <header className="topbar">
        <strong className="brand">Ticket Counter</strong>
        <nav aria-label="Menu utama">
          {screens.map((s) => (
            <button key={s.name} type="button" className={screen === s.name ? 'nav active' : 'nav'} aria-current={screen === s.name ? 'page' : undefined} onClick={() => setScreen(s.name)}>
              {s.label} {s.key && <Kbd keys={s.key} />}
            </button>
          ))}
        </nav>
        <div className="status" data-testid="sync-indicator">
          <ConnectionPill status={status} testId="connection" />
          {status?.remote && (
            <span className={unsynced > 0 ? 'pending has' : 'pending'} data-testid="pending-count">
              {unsynced > 0 ? `${unsynced} perubahan belum terkirim` : 'Semua tersinkron'}
            </span>
          )}
          <PrinterPill onOpen={() => setScreen('settings')} />
        </div>
        <div className="who">
          <span>{user.name}</span>
          <button type="button" className="link light" onClick={() => (unsynced > 0 ? setLeaving(true) : logout())}>
            Keluar
          </button>
        </div>
      </header>
      {connection === 'auth_required' && (
        <div className="banner" role="alert">
          Layanan pusat menolak kunci API loket ini. Penjualan tetap berjalan dan tersimpan di sini; {unsynced} perubahan menunggu dikirim.
          <button type="button" className="secondary" onClick={() => setScreen('settings')}>
            Masukkan kunci API baru
          </button>
        </div>
      )}
      {scanProblem && (
        <div className="banner" role="alert">
          {scanProblem}
        </div>
      )}
      <main className="screen">
        {screen === 'sell' && (
          <SellScreen
            eventId={eventId}
            onChooseEvent={chooseEvent}
            status={status}
            onShowAwaiting={() => showOrders({ status: 'verification_pending' })}
            onOpenShift={() => setScreen('shift')}
          />
        )}
        {screen === 'orders' && (
          <OrdersScreen key={ordersView.open?.id ?? ordersView.search ?? ordersView.status ?? 'all'} eventId={eventId} onChooseEvent={chooseEvent} view={ordersView} />
        )}
        {screen === 'sync' && <SyncScreen status={status} eventId={eventId} />}
        {screen === 'settings' && <SettingsScreen user={user} status={status} />}
        {screen === 'shift' && <ShiftScreen />}
        {screen === 'reports' && <ReportsScreen />}
        {screen === 'audit' && <AuditScreen />}
      </main>
      <ConfirmDialog open={leaving} title="Keluar dari loket?" confirmLabel="Tetap keluar" onConfirm={logout} onCancel={() => setLeaving(false)}>
        <p>
          <strong>{unsynced} perubahan</strong> (penjualan, pembayaran, pembatalan) belum terkirim ke layanan pusat. Semuanya tersimpan aman di loket ini dan terkirim otomatis saat
          koneksi tersedia, selama aplikasi tetap berjalan.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * Closing the counter while sales wait to be replicated asks first: the Electron shell asks with
 * the count (it is told it here); a browser asks with its own words.
 */
function useUnsyncedWarning(unsynced: number): void {
  useEffect(() => {
    window.counterShell?.setUnsyncedCount(unsynced);
    if (window.counterShell || unsynced === 0) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsynced]);
}
