/**
 * The customer display for the counter (domain/customer-displays.ts), with what the venue set up:
 * the counter's name, and while a QRIS or transfer payment is awaited, the venue's QRIS code with
 * the amount written in, or its transfer instructions. Pairing and showing are for those who sell;
 * the counter's owner also sees and unpairs every display.
 */
import { toMinor } from '#shared/money.js';
import { ownsCounter } from '#shared/roles.js';
import { qrisForAmount } from '#shared/qris.js';
import type { DisplayScreen, DisplayView, PairedDisplay } from '#shared/schemas/customer-display.js';
import type { Access, Actor } from '../domain/access.js';
import type { CustomerDisplays } from '../domain/customer-displays.js';
import type { SettingsStore } from '../settings/store.js';

export interface CustomerDisplayDeps {
  access: Access;
  customerDisplays: CustomerDisplays;
  settings: SettingsStore;
}

export function createCustomerDisplay({ access, customerDisplays: displays, settings }: CustomerDisplayDeps) {
  /** How to pay what the view awaits, from the venue's settings. */
  function payWith(view: DisplayView): Pick<Extract<DisplayScreen, { paired: true }>, 'qris' | 'transferInstructions'> {
    if (view.stage !== 'awaiting') return {};
    const { qrisPayload, transferInstructions } = settings.get();
    if (view.method === 'qris' && qrisPayload) return { qris: qrisForAmount(qrisPayload, toMinor(view.total)) };
    if (view.method === 'bank_transfer' && transferInstructions) return { transferInstructions };
    return {};
  }

  function screenOf(key: string | undefined): DisplayScreen {
    const screen = displays.screenOf(key);
    if (!screen.paired) return screen;
    return { paired: true, counter: settings.get().counterName, view: screen.view, ...payWith(screen.view) };
  }

  function pair(actor: Actor, code: string): PairedDisplay {
    access.requireSeller(actor);
    return displays.pair(actor, code);
  }

  function show(actor: Actor, view: DisplayView): void {
    access.requireSeller(actor);
    displays.show(actor, view);
  }

  // The counter's owner (who sells everywhere) sees and unpairs every display: one left paired to
  // someone else's login (a cashier gone home) must not stay stuck on it.
  function list(actor: Actor): PairedDisplay[] {
    access.requireSeller(actor);
    return displays.list(actor, ownsCounter(actor.role));
  }

  function unpair(actor: Actor, displayId: string): void {
    access.requireSeller(actor);
    displays.unpair(actor, displayId, ownsCounter(actor.role));
  }

  return { register: displays.register, screenOf, pair, show, forget: displays.forget, list, unpair };
}
export type CustomerDisplay = ReturnType<typeof createCustomerDisplay>;
