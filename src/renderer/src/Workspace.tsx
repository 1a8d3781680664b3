/**
 * The counter once logged in: the navigation (F1–F6, and the audit log for those who run the
 * counter), the always visible connection and pending-sync count, the banner when the remote
 * refuses the key, and the screen in use.
 */
import { useIsFetching } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { readsAuditLog } from '#shared/roles.js';
import type { User } from '#shared/schemas/auth.js';
import { useSyncStatus } from './api/hooks';
import { BackgroundBanner } from './components/BackgroundBanner';
import { ConnectionPill } from './components/ConnectionPill';
import { PrinterPill } from './components/PrinterPill';
import { ConfirmDialog } from './components/Dialog';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary';
import { useCurrentEvent } from './current-event';
import { Kbd, useShortcuts } from './keyboard';
import { lazyScreen, whenIdle } from './lazy-screen';
import type { OrdersView } from './screens/orders/OrdersScreen';
import { useScannedTicket } from './scanned-ticket';
import { SellScreen, type Sale } from './screens/sell/SellScreen';
import { logOut } from './api/client';
import { connectionOf, unsyncedOf } from './sync-summary';

type ScreenName = 'sell' | 'orders' | 'sync' | 'settings' | 'shift' | 'reports' | 'audit';

// Sell is the screen a login opens on: in the first chunk. The others (Reports alone brings its
// charting library) load when first shown, or sooner: see ScreenPreloader.
const OrdersScreen = lazyScreen(() => import('./screens/orders/OrdersScreen').then((m) => m.OrdersScreen));
const SyncScreen = lazyScreen(() => import('./screens/sync/SyncScreen').then((m) => m.SyncScreen));
const SettingsScreen = lazyScreen(() => import('./screens/settings/SettingsScreen').then((m) => m.SettingsScreen));
const ShiftScreen = lazyScreen(() => import('./screens/shift/ShiftScreen').then((m) => m.ShiftScreen));
const ReportsScreen = lazyScreen(() => import('./screens/reports/ReportsScreen').then((m) => m.ReportsScreen));
const AuditScreen = lazyScreen(() => import('./screens/audit/AuditScreen').then((m) => m.AuditScreen));
const LAZY: Record<Exclude<ScreenName, 'sell'>, { preload(): Promise<unknown> }> = {
  orders: OrdersScreen,
  sync: SyncScreen,
  settings: SettingsScreen,
  shift: ShiftScreen,
  reports: ReportsScreen,
  audit: AuditScreen,
};

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

const screensFor = (role: User['role']) => SCREENS.filter((s) => !s.shownTo || s.shownTo(role));

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
  // The Sell screen's sale under way, kept here: leaving that screen mid-payment lost the payment
  // step, and the customer's NIK, held by the unpaid order, could not be sold again.
  const [sale, setSale] = useState<Sale>();
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
  const screens = screensFor(user.role);

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
        <div className="topbar-end">
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
        </div>
      </header>
      <BackgroundBanner />
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
        {/* A screen's code comes from this same service in milliseconds: an empty pane meanwhile, no spinner to flash. */}
        <ScreenErrorBoundary screen={screen}>
          <Suspense fallback={null}>
            {screen === 'sell' && (
              <SellScreen
                eventId={eventId}
                onChooseEvent={chooseEvent}
                sale={sale}
                onSale={setSale}
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
            {screen === 'reports' && <ReportsScreen currentEventId={eventId} />}
            {screen === 'audit' && <AuditScreen />}
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      <ScreenPreloader role={user.role} />
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
 * Fetches the code of the screens this operator may open once the first screen has loaded all it
 * asked for (no query in flight) and the page is idle: F2…F6 then show their screen at once, as when
 * it was all one chunk, and that code does not compete with the Sell screen's own first load. A
 * component of its own, so that the fetching count re-renders only it.
 */
function ScreenPreloader({ role }: { role: User['role'] }) {
  const settled = useIsFetching() === 0;
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!settled || done) return undefined;
    return whenIdle(() => {
      // A preload that fails is no error yet: showing the screen loads it again, and says so if it fails.
      for (const { name } of screensFor(role)) if (name !== 'sell') LAZY[name].preload().catch(() => undefined);
      setDone(true);
    });
  }, [settled, done, role]);
  return null;
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
