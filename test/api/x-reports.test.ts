/**
 * X reports issued from an open shift: numbered in a sequence of their own, stored as issued and
 * read back unchanged however the shift goes on, refused by the database to change or vanish,
 * printed with their number; a cashier's own before the count stays blind.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { drawer } from '../support/cash.js';
import { expectError, expectOk } from '../support/envelope.js';
import { makeCaller, orderBody } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';
import { call } from '../support/http.js';
import { pdfText } from '../support/pdf.js';
import { getBytes } from '../support/sale.js';
import { world } from '../support/world.js';

describe('X reports', () => {
  const harness = useHarness();

  it('are numbered, kept as issued, printed with their number, and never changed', async () => {
    const h = harness();
    const w = world(h);
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const shift = drawer(h, cashier);
    await shift.open({ n100000: 2 });
    const sell = async () => {
      const order = expectOk(await h.request({ method: 'POST', url: `/events/${w.event.id}/admin/orders`, key: cashier.key, body: orderBody(w.event) }), 201);
      expectOk(await h.request({ ...call(contract.checkout, { params: { idOrSlug: w.event.id, orderId: order.id }, body: { method: 'cash', amountTendered: order.totalAmount } }), key: cashier.key }));
    };
    const issue = (by = cashier) => h.request({ ...call(contract.issueXReport, { params: { sessionId: shift.sessionId } }), key: by.key });
    const read = (xReport?: number) => h.request({ ...call(contract.getCashReport, { params: { sessionId: shift.sessionId }, query: { xReport } }), key: w.organizer.key });

    await sell();
    // The cashier's own, before the count: blind, as on screen.
    const first = expectOk(await issue(), 201);
    expect(first).toMatchObject({ kind: 'X', number: 1, salesCount: 0, expectedCash: null });
    const second = expectOk(await issue(w.organizer), 201);
    expect(second).toMatchObject({ kind: 'X', number: 2, salesCount: 1, expectedCash: '350000.00' });

    await sell();
    expect(expectOk(await read(2))).toEqual(second);
    expect(expectOk(await read())).toMatchObject({ kind: 'X', number: null, salesCount: 2 });
    expectError(await read(9), 404, 'NOT_FOUND');

    const pdf = await getBytes(h.app, `/cash-sessions/${shift.sessionId}/report/pdf?xReport=2&layout=receipt`, w.organizer.key);
    expect(pdf.status).toBe(200);
    expect(await pdfText(pdf.bytes)).toContain('Laporan X No. 2');
    const csv = await getBytes(h.app, `/cash-sessions/${shift.sessionId}/report/csv?xReport=1`, cashier.key);
    expect(csv.bytes.toString().split('\r\n')[1]).toBe('laporan,Laporan X No. 1,,');

    const sqlite = h.services.database.sqlite;
    expect(() => sqlite.prepare("update x_reports set report = '{}'").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare('delete from x_reports').run()).toThrow(/append-only/);
    expect(sqlite.prepare("select details from audit_log where action = 'cash_session.x_report_issued' order by at").all()).toEqual([
      { details: '{"reportNumber":1}' },
      { details: '{"reportNumber":2}' },
    ]);

    // The Z report keeps its own sequence; a closed shift issues no more X reports.
    const z = expectOk(await shift.count({ n100000: 5 }));
    expect(z.session).toMatchObject({ status: 'closed', reportNumber: 1 });
    expectError(await issue(), 409, 'INVALID_STATE');
    expect(expectOk(await read(1))).toEqual(first);
  });

  it('are issued only by whoever may read the session', async () => {
    const h = harness();
    const w = world(h);
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const other = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const shift = drawer(h, cashier);
    await shift.open({ n100000: 1 });
    expectError(await h.request({ ...call(contract.issueXReport, { params: { sessionId: shift.sessionId } }), key: other.key }), 403, 'FORBIDDEN');
    expect(h.services.database.sqlite.prepare('select count(*) as n from x_reports').get()).toEqual({ n: 0 });
  });
});
