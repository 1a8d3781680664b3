/**
 * For random sequences of sales in four methods, refunds, cash in and out and hand-overs, under a
 * random cash rounding, the drawer the service expects always equals a model kept here:
 * float + cash sales − cash refunds + cash in − cash out − rounding (what the rounding let the
 * customers keep). Each hand-over's Z report, and an X report at the end, are checked against it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/main/domain/access.js';
import { countTotal } from '../../src/shared/cash.js';
import { fromMinor, fromMinorSigned, toMinor } from '../../src/shared/money.js';
import { approvalOf } from '../support/cash.js';
import { makeCaller, orderBody, ticketInput } from '../support/fixtures.js';
import { startHarness } from '../support/harness.js';
import { world } from '../support/world.js';

const PRICES = ['23125', '151750', '49990', '100050'];
const METHODS = ['cash', 'card', 'qris', 'bank_transfer'] as const;

type Step =
  | { kind: 'sale'; method: (typeof METHODS)[number]; category: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'cash_in' | 'cash_out'; rupiah: number }
  | { kind: 'handover'; float: { n50000: number; n1000: number; c100: number } };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('sale' as const), method: fc.constantFrom(...METHODS), category: fc.nat(PRICES.length - 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('cash_in' as const, 'cash_out' as const), rupiah: fc.integer({ min: 1, max: 300_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('handover' as const), float: fc.record({ n50000: fc.nat(4), n1000: fc.nat(20), c100: fc.nat(30) }) }) },
);

/** The customer's cash for `total` sen with a step in rupiah: to the nearest step, half up. */
const paidInCash = (total: number, step: number) => (step === 0 ? total : Math.round(total / (step * 100)) * step * 100);

describe('the drawer', () => {
  it('always expects float + cash sales − cash refunds ± cash in/out − rounding', { timeout: 30_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(0, 100, 500, 1000), fc.array(step, { minLength: 1, maxLength: 20 }), async (rounding, steps) => {
        const h = await startHarness();
        try {
          const now = h.clock();
          const w = world(h, { tickets: PRICES.map((price) => ticketInput(now, { price })) });
          // Rp 100 of tolerance: a drawer without rounding may hold sen no coin counts.
          h.services.settings.update({ cashRoundingRupiah: rounding as 0 | 100 | 500 | 1000, cashToleranceRupiah: 100 });
          const caller = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
          const cashier: Actor = { userId: caller.user.id, role: 'staff', name: caller.user.name, credential: 'jwt' };
          const supervisor = approvalOf({ user: w.organizer.user, key: w.organizer.key });
          const { cashSessions, orders, transitions } = h.services;

          // The model: this session's float and what the sequence did to the drawer.
          const openingFloat = { n50000: 2 };
          let session = cashSessions.open(cashier, { openingCount: openingFloat });
          let model = { float: countTotal(openingFloat), cashSales: 0, cashRefunds: 0, cashIn: 0, cashOut: 0, rounding: 0 };
          const drawer = () => model.float + model.cashSales - model.cashRefunds + model.cashIn - model.cashOut - model.rounding;
          const paid: { id: string; method: string; total: number; kept: number }[] = [];
          let n = 0;

          for (const s of steps) {
            if (s.kind === 'sale') {
              const order = await orders.create(cashier, w.event.id, orderBody(w.event, { ticketCategoryId: w.event.tickets[s.category]!.id, registration: { identityNumber: String(3171000000200000 + n++) } }));
              const total = toMinor(order.totalAmount);
              const body = s.method === 'cash' ? { method: s.method, amountTendered: '1000000' } : { method: s.method };
              await transitions.checkout(cashier, w.event.id, order.id, body);
              if (s.method === 'qris' || s.method === 'bank_transfer') await transitions.confirmPayment(cashier, w.event.id, order.id, { reference: `REF-${n}` });
              const kept = s.method === 'cash' ? total - paidInCash(total, rounding) : 0;
              if (s.method === 'cash') {
                model.cashSales += total;
                model.rounding += kept;
              }
              paid.push({ id: order.id, method: s.method, total, kept });
            } else if (s.kind === 'refund' && paid.length > 0) {
              const [order] = paid.splice(s.pick % paid.length, 1);
              const back = order!.total - order!.kept;
              const refund = transitions.refund(cashier, w.event.id, order!.id, { reason: 'Pembeli batal', approval: supervisor });
              if (order!.method === 'cash' && back > drawer()) {
                await expect(refund).rejects.toMatchObject({ code: 'INVALID_STATE' });
                paid.push(order!);
              } else {
                await refund;
                if (order!.method === 'cash') {
                  model.cashRefunds += order!.total;
                  model.rounding -= order!.kept;
                }
              }
            } else if (s.kind === 'cash_in' || s.kind === 'cash_out') {
              const amount = s.rupiah * 100;
              // A cash out beyond the drawer is taken too (cash-day.test.ts): this model's drawers never go below empty.
              if (s.kind === 'cash_out' && amount > drawer()) continue;
              cashSessions.move(cashier, session.id, { kind: s.kind, amount: fromMinor(amount), reason: 'Uang kembalian' });
              if (s.kind === 'cash_in') model.cashIn += amount;
              else model.cashOut += amount;
            } else if (s.kind === 'handover') {
              const expected = drawer();
              // Counted to the last Rp 100 coin: within the tolerance, the session closes with its Z report.
              const coins = Math.floor(expected / 10_000);
              const closed = cashSessions.count(cashier, session.id, { count: { c100: coins } });
              const difference = fromMinorSigned(coins * 10_000 - expected);
              expect(closed).toMatchObject({ expectedCash: fromMinor(expected), difference, approvalRequired: false, session: { status: 'closed' } });
              expect(cashSessions.report(cashier, session.id)).toMatchObject({ kind: 'Z', expectedCash: fromMinor(expected), difference });
              session = cashSessions.open(cashier, { openingCount: { ...s.float } });
              model = { float: countTotal(s.float), cashSales: 0, cashRefunds: 0, cashIn: 0, cashOut: 0, rounding: 0 };
            }
          }
          const supervisorActor: Actor = { userId: w.organizer.user.id, role: 'organizer', name: w.organizer.user.name, credential: 'jwt' };
          expect(cashSessions.report(supervisorActor, session.id).expectedCash).toBe(fromMinor(drawer()));
        } finally {
          await h.close();
        }
      }),
      { numRuns: 12 },
    );
  });
});
