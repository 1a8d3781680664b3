/**
 * The service fee (docs/decisions.md, "Fees"): feeRateBp basis points of the price rounded half up to the
 * sen, plus feeFlat; always reported as feeTotal, added to totalAmount only when the customer
 * bears it. What checkout charges, and the change it gives, follow totalAmount.
 */
import { describe, expect, it } from 'vitest';
import type { ImportEvent } from '../../src/shared/schemas/import.js';
import { expectValidation } from '../support/envelope.js';
import { ticketInput } from '../support/fixtures.js';
import { useHarness, type Harness } from '../support/harness.js';
import { world } from '../support/world.js';

describe('service fee', () => {
  const harness = useHarness();

  /** A world whose one category costs `price`, under this fee rule. */
  const priced = (h: Harness, price: string, fee: Partial<ImportEvent>) => world(h, { ...fee, tickets: [ticketInput(h.clock(), { price })] });

  // Prices are written as they are shown, so that each one is also the expected subtotal.
  it.each([
    // feeRateBp, price, feeFlat, feeTotal, what the customer pays when bearing it
    [250, '150000.00', '0', '3750.00', '153750.00'],
    [250, '100.20', '0', '2.51', '102.71'], // 250.5 sen: half goes up (half to even would give 2.50)
    [250, '100.19', '0', '2.50', '102.69'], // 250.475 sen
    [1, '50.00', '0', '0.01', '50.01'], // 0.5 sen: up to one sen, not down to nothing
    [1, '49.99', '0', '0.00', '49.99'], // 0.4999 sen
    [150, '33.00', '0', '0.50', '33.50'], // 49.5 sen
    [333, '1.00', '0', '0.03', '1.03'], // 3.33 sen
    [0, '150000.00', '2500.50', '2500.50', '152500.50'],
    [250, '100.20', '1000.50', '1003.01', '1103.21'],
    [10_000, '99.99', '0', '99.99', '199.98'],
  ] as const)('%i bp of %s plus %s flat: feeTotal %s, whoever bears it', async (feeRateBp, price, feeFlat, feeTotal, customerTotal) => {
    const h = harness();
    for (const [feeBearer, totalAmount] of [
      ['customer', customerTotal],
      ['organizer', price],
    ] as const) {
      const w = priced(h, price, { feeBearer, feeRateBp, feeFlat });
      const detail = await w.detail(await w.createOrder());
      // feeBearer alongside, so that a failure says which case it was.
      expect({ feeBearer, ...detail }).toMatchObject({ feeBearer, subtotal: price, feeTotal, totalAmount, grandTotal: totalAmount });
    }
  });

  it('organizer bears it: the customer pays the subtotal, the fee is still reported', async () => {
    const w = priced(harness(), '150000', { feeBearer: 'organizer', feeRateBp: 250, feeFlat: '500' });
    const order = await w.createOrder();
    expect(order.totalAmount).toBe('150000.00');
    const paid = await w.checkout(order, { method: 'cash', amountTendered: '150000' });
    expect(paid).toMatchObject({ subtotal: '150000.00', feeTotal: '4250.00', grandTotal: '150000.00', totalAmount: '150000.00', status: 'completed' });
    expect(paid.payment).toMatchObject({ amount: '150000.00', amountTendered: '150000.00', change: '0.00' });
  });

  it('customer bears it: cash must cover the fee too, and the change is counted from totalAmount', async () => {
    const w = priced(harness(), '150000', { feeBearer: 'customer', feeRateBp: 250, feeFlat: '1000.50' });
    const order = await w.createOrder();
    expect(order.totalAmount).toBe('154750.50');
    // Rp 154.750,50 is Rp 154.800 in coins (docs/cash-sessions.md, Money rules).
    for (const short of ['150000', '154750.49', '154750.50', '154700']) {
      expectValidation(await w.postAction(order, 'checkout', { method: 'cash', amountTendered: short }), 'amountTendered');
    }
    const paid = await w.checkout(order, { method: 'cash', amountTendered: '160000' });
    expect(paid).toMatchObject({ subtotal: '150000.00', feeTotal: '4750.50', totalAmount: '154750.50', status: 'completed' });
    expect(paid.payment).toMatchObject({ amount: '154750.50', amountTendered: '160000.00', change: '5200.00', rounding: '49.50' });
  });

  it('a deferred payment is for totalAmount as well', async () => {
    const w = priced(harness(), '75000', { feeBearer: 'customer', feeRateBp: 250 });
    const order = await w.createOrder();
    const pending = await w.checkout(order, { method: 'bank_transfer' });
    expect(pending.payment).toMatchObject({ amount: '76875.00', status: 'pending' });
    expect((await w.confirm(order)).payment).toMatchObject({ amount: '76875.00', status: 'paid' });
  });

  it('charges the total quoted when the order was made, even if the fee rule changes before payment', async () => {
    const h = harness();
    const w = priced(h, '100000', { feeBearer: 'customer', feeRateBp: 100 });
    const order = await w.createOrder();
    h.services.importer.importEvents({ events: [{ ...w.event, feeRateBp: 500 }] }, w.organizer.user);
    const paid = await w.checkout(order, { method: 'cash', amountTendered: '101000' });
    expect(paid).toMatchObject({ feeTotal: '1000.00', totalAmount: '101000.00' });
    expect(paid.payment).toMatchObject({ amount: '101000.00', change: '0.00' });
    expect((await w.createOrder()).totalAmount).toBe('105000.00');
  });
});
