/**
 * Approvals (docs/cash-sessions.md, Approvals): a supervisor's approval PIN, set on its own login,
 * that logs in nowhere; an approval only from someone with authority over that event or that
 * cashier; the same for reading a cashier's sessions; wrong PINs counted per supervisor too.
 */
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { approvalOf, drawer } from '../support/cash.js';
import { expectError, expectOk, expectValidation } from '../support/envelope.js';
import { APPROVAL_PIN, makeCaller, PASSWORD } from '../support/fixtures.js';
import { logIn, useHarness, type Harness } from '../support/harness.js';
import { call } from '../support/http.js';
import { world } from '../support/world.js';

describe('approvals', () => {
  const harness = useHarness();

  /** A cashier of the world's event with a shift counted Rp 10.000 short, awaiting approval. */
  async function shortShift(h: Harness) {
    const w = world(h);
    const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    const shift = drawer(h, cashier);
    await shift.open({ n10000: 2 });
    expect(expectOk(await shift.count({ n10000: 1 }))).toMatchObject({ approvalRequired: true });
    return { w, cashier, shift };
  }

  it("an organizer who owns none of the cashier's events neither reads its shift nor approves its drawer", async () => {
    const h = harness();
    const { w, shift } = await shortShift(h);
    const stranger = makeCaller(h.services, 'organizer');
    expectError(await shift.report(stranger), 403, 'FORBIDDEN');
    const listed = expectOk(await h.request({ ...call(contract.listCashSessions, { query: {} }), key: stranger.key }));
    expect(listed).toEqual([]);
    expectError(await shift.approve(approvalOf(stranger), 'Dicek bersama'), 403, 'APPROVAL_REFUSED');
    // The event's organizer does both.
    expectOk(await shift.report(w.organizer));
    expect(expectOk(await shift.approve(approvalOf(w.organizer), 'Dicek bersama'))).toMatchObject({ session: { status: 'closed' } });
  });

  it('an organizer approves refunds on its own events only', async () => {
    const h = harness();
    const w = world(h);
    const other = world(h);
    const order = await w.sell();
    const refund = (approval: { email: string; pin: string }) =>
      h.request({ ...call(contract.refundOrder, { params: { idOrSlug: w.event.id, orderId: order.id }, body: { reason: 'Batal', approval } }), key: w.organizer.key });
    expectError(await refund(approvalOf(other.organizer)), 403, 'APPROVAL_REFUSED');
    expectOk(await refund(approvalOf(w.organizer)));
  });

  it('takes a PIN, which logs in nowhere, and never a password', async () => {
    const h = harness();
    const { w, shift } = await shortShift(h);
    expectError(await h.request({ ...call(contract.logIn, { body: { email: w.organizer.user.email, password: APPROVAL_PIN } }) }), 401, 'UNAUTHENTICATED');
    expectValidation(await shift.approve({ email: w.organizer.user.email, password: PASSWORD } as never, 'Dicek bersama'), 'approval');
    expectError(await shift.approve({ email: w.organizer.user.email, pin: PASSWORD }, 'Dicek bersama'), 403, 'APPROVAL_REFUSED');
    expectOk(await shift.approve(approvalOf(w.organizer), 'Dicek bersama'));
  });

  it('is set by the supervisor on its own login with its password; a cashier has none', async () => {
    const h = harness();
    const { w, cashier, shift } = await shortShift(h);
    const setPin = (token: string, body: { currentPassword: string; pin: string }) => h.request({ ...call(contract.setApprovalPin, { body }), token });
    const organizer = (await logIn(h, w.organizer.user.email)).token;
    expectError(await setPin((await logIn(h, cashier.user.email)).token, { currentPassword: PASSWORD, pin: '112233' }), 403, 'FORBIDDEN');
    expectError(await h.request({ ...call(contract.setApprovalPin, { body: { currentPassword: PASSWORD, pin: '112233' } }), key: w.organizer.key }), 403, 'FORBIDDEN');
    expectValidation(await setPin(organizer, { currentPassword: 'bukan-sandinya', pin: '112233' }), 'currentPassword');
    expectValidation(await setPin(organizer, { currentPassword: PASSWORD, pin: 'abc123' }), 'pin');
    expectOk(await setPin(organizer, { currentPassword: PASSWORD, pin: '112233' }));
    expectError(await shift.approve(approvalOf(w.organizer), 'Dicek bersama'), 403, 'APPROVAL_REFUSED');
    expectOk(await shift.approve(approvalOf(w.organizer, '112233'), 'Dicek bersama'));
    const audit = h.services.database.sqlite.prepare("select count(*) from audit_log where action = 'user.approval_pin_set'").pluck().get();
    expect(audit).toBe(1);
  });

  it('counts wrong PINs against the supervisor too: many cashiers together cannot guess one', async () => {
    const h = harness();
    const w = world(h);
    const shifts = [];
    for (let i = 0; i < 11; i++) {
      const cashier = makeCaller(h.services, 'staff', { eventId: w.event.id, permission: 'event:update' });
      const shift = drawer(h, cashier);
      await shift.open({ n10000: 2 });
      await shift.count({ n10000: 1 });
      shifts.push(shift);
    }
    // Ten cashiers, one wrong PIN each: each is within its own allowance, the supervisor's is spent.
    for (const shift of shifts.slice(0, 10)) expectError(await shift.approve(approvalOf(w.organizer, '000000'), 'Tebak'), 403, 'APPROVAL_REFUSED');
    expectError(await shifts[10]!.approve(approvalOf(w.organizer), 'Dicek bersama'), 429, 'RATE_LIMITED');
  });
});
