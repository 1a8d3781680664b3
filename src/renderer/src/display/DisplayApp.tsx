/**
 * The customer display (/display): the page a screen facing the customer shows. Unpaired, its
 * code, for the operator to type at the counter; paired, what the counter shows the customer: the
 * lines and the total, how to pay while a QRIS or transfer payment is awaited, the change, thanks.
 * It asks the service every second; it has nothing to type in and no login.
 */
import { useQuery } from '@tanstack/react-query';
import { METHOD_LABEL } from '#shared/labels.js';
import type { DisplayScreen, DisplayView } from '#shared/schemas/customer-display.js';
import { QrisCode } from '../components/QrisCode';
import { rupiah } from '../format';
import { fetchScreen } from './display-client';

const EVERY_MS = 1000;

export function DisplayApp() {
  const screen = useQuery({ queryKey: ['customer-display'], queryFn: () => fetchScreen(), refetchInterval: EVERY_MS, retry: false });
  return (
    <main className="display">
      {screen.data ? <Screen screen={screen.data} /> : <p className="display-wait">{screen.error?.message ?? 'Menghubungi loket…'}</p>}
      {screen.data && screen.error && <p className="display-problem">{screen.error.message}</p>}
    </main>
  );
}

function Screen({ screen }: { screen: DisplayScreen }) {
  if (!screen.paired) {
    return (
      <section className="display-pairing">
        <p>Kode layar pelanggan</p>
        <p className="display-code" data-testid="display-code">
          {screen.pairingCode}
        </p>
        <p className="muted">Masukkan kode ini di loket: Pengaturan → Layar pelanggan.</p>
      </section>
    );
  }
  const { view } = screen;
  return (
    <section className="display-view" data-stage={view.stage}>
      <header>
        <span>{view.eventName ?? 'Selamat datang'}</span>
        <span className="muted">{screen.counter}</span>
      </header>
      {view.stage === 'welcome' ? <p className="display-welcome">Selamat datang</p> : <Lines view={view} />}
      {view.stage === 'awaiting' && <HowToPay view={view} screen={screen} />}
      {view.stage === 'paid' && (
        <div className="display-thanks">
          {view.change && Number(view.change) > 0 && (
            <p className="display-change" data-testid="display-change">
              Kembalian <strong>{rupiah(view.change)}</strong>
            </p>
          )}
          <p className="display-thanks-text">Terima kasih! Selamat menikmati acaranya.</p>
        </div>
      )}
    </section>
  );
}

function Lines({ view }: { view: Exclude<DisplayView, { stage: 'welcome' }> }) {
  return (
    <div className="display-basket">
      <ol>
        {view.lines.map((line, i) => (
          <li key={i}>
            <span>
              <strong>{line.holder}</strong> · {line.category}
            </span>
            <span>{rupiah(line.amount)}</span>
          </li>
        ))}
      </ol>
      <p className="display-total">
        <span>Total</span> <strong data-testid="display-total">{rupiah(view.total)}</strong>
      </p>
    </div>
  );
}

function HowToPay({ view, screen }: { view: Extract<DisplayView, { stage: 'awaiting' }>; screen: Extract<DisplayScreen, { paired: true }> }) {
  if (screen.qris)
    return (
      <div className="display-pay">
        <QrisCode payload={screen.qris} total={view.total} testId="display-qris" />
      </div>
    );
  return (
    <div className="display-pay">
      <p>Menunggu pembayaran {METHOD_LABEL[view.method]}</p>
      {screen.transferInstructions && <p className="display-transfer">{screen.transferInstructions}</p>}
    </div>
  );
}

