/**
 * The customer display: a display registers and shows a code; a seller pairs it by that code; the
 * display then shows what that seller's counter sends, and nothing of anyone else's; it has no
 * field for an identity number; while a QRIS payment is awaited it gets the venue's QRIS code with
 * the amount written in. Keys, codes and unpairing, as a security reviewer would try them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract/index.js';
import { qrisCrc } from '../../src/shared/qris.js';
import { DISPLAY_KEY_HEADER } from '../../src/shared/schemas/customer-display.js';
import { expectError, expectOk } from '../support/envelope.js';
import { makeCaller, type Caller } from '../support/fixtures.js';
import { logIn, useHarness } from '../support/harness.js';
import { call } from '../support/http.js';
import { staticQris } from '../support/qris.js';
import { world, type World } from '../support/world.js';

describe('the customer display', () => {
  const harness = useHarness();
  let w: World;
  let cashier: Caller;

  beforeEach(() => {
    w = world(harness(), { name: 'Konser Senja' });
    cashier = makeCaller(harness().services, 'staff', { eventId: w.event.id, permission: 'event:update' });
  });

  const register = async () => expectOk(await harness().request(call(contract.registerDisplay, { body: {} })), 201) as { id: string; key: string; pairingCode: string };
  const screen = (key: string) => harness().request({ ...call(contract.getDisplayScreen, {}), headers: { [DISPLAY_KEY_HEADER]: key } });
  const pair = (code: string, caller: Caller = cashier) => harness().request({ ...call(contract.pairDisplay, { body: { code } }), key: caller.key });
  const show = (view: unknown, caller: Caller = cashier) => harness().request({ ...call(contract.showOnDisplay, { body: view as never }), key: caller.key });

  const basket = { stage: 'basket', eventName: 'Konser Senja', lines: [{ holder: 'Dewi Lestari', category: 'Reguler', amount: '150000.00' }], total: '150000.00' };

  it('shows its code until paired, then what the counter that paired it sends', async () => {
    const display = await register();
    expect(display.pairingCode).toMatch(/^\d{6}$/);
    expect(expectOk(await screen(display.key))).toMatchObject({ paired: false, pairingCode: display.pairingCode });

    expectOk(await pair(display.pairingCode));
    expect(expectOk(await screen(display.key))).toMatchObject({ paired: true, counter: 'LOKET-1', view: { stage: 'welcome' } });
    expectOk(await show(basket));
    expect(expectOk(await screen(display.key))).toMatchObject({ paired: true, view: basket });

    // The code was used: no one pairs it again.
    expectError(await pair(display.pairingCode, w.organizer), 404, 'NOT_FOUND');
  });

  it("shows one counter's view only: another seller's sale is not on it", async () => {
    const mine = await register();
    expectOk(await pair(mine.pairingCode));
    const other = makeCaller(harness().services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    expectOk(await show({ ...basket, lines: [{ ...basket.lines[0], holder: 'Pelanggan lain' }] }, other));
    expect(JSON.stringify(expectOk(await screen(mine.key)))).not.toContain('Pelanggan lain');
  });

  it('has no place for an identity number: a view carrying one is refused', async () => {
    const view = { ...basket, lines: [{ ...basket.lines[0], identityNumber: '3171234567890123' }] };
    expectError(await show(view), 400, 'VALIDATION_FAILED');
  });

  it.each([
    ['an identity number', '3171234567890123'],
    ['a phone number', '0812-3456-7890'],
    ['a phone number with its country code', '+62 812 3456 7890'],
    ['an e-mail', 'dewi.lestari@contoh.id'],
  ])('refuses a view whose name or category is %s', async (_what, text) => {
    expectError(await show({ ...basket, lines: [{ ...basket.lines[0], holder: text }] }), 400, 'VALIDATION_FAILED');
    expectError(await show({ ...basket, lines: [{ ...basket.lines[0], category: text }] }), 400, 'VALIDATION_FAILED');
    expectError(await show({ ...basket, eventName: `Konser ${text}` }), 400, 'VALIDATION_FAILED');
  });

  it('while a QRIS payment is awaited, shows the venue QRIS code with the amount written in', async () => {
    harness().services.settings.update({ qrisPayload: staticQris(), transferInstructions: 'BCA 123 456 7890 a.n. PT Konser Nusantara' });
    const display = await register();
    expectOk(await pair(display.pairingCode));
    expectOk(await show({ ...basket, stage: 'awaiting', method: 'qris' }));
    const shown = expectOk(await screen(display.key)) as { qris: string; transferInstructions?: string };
    expect(shown.qris).toContain('010212');
    expect(shown.qris).toContain('5406150000');
    expect(shown.qris.slice(-4)).toBe(qrisCrc(shown.qris.slice(0, -4)));
    expect(shown.transferInstructions).toBeUndefined();

    expectOk(await show({ ...basket, stage: 'awaiting', method: 'bank_transfer' }));
    expect(expectOk(await screen(display.key))).toMatchObject({ transferInstructions: 'BCA 123 456 7890 a.n. PT Konser Nusantara' });
  });

  it('refuses a QRIS setting that is not a whole QRIS code', async () => {
    const broken = `${staticQris().slice(0, -4)}0000`;
    const owner = makeCaller(harness().services, 'super_admin');
    expectError(await harness().request({ ...call(contract.changeSettings, { body: { qrisPayload: broken } }), key: owner.key }), 400, 'VALIDATION_FAILED');
  });

  it('a key it does not know, or none, is 401; a wrong code is 404', async () => {
    expectError(await screen('disp_not-a-key'), 401, 'UNAUTHENTICATED');
    expectError(await harness().request(call(contract.getDisplayScreen, {})), 401, 'UNAUTHENTICATED');
    expectError(await pair('000000'), 404, 'NOT_FOUND');
    expectError(await pair('12ab56'), 400, 'VALIDATION_FAILED');
  });

  it('a gate cannot pair or feed a display; a seller cannot unpair another one', async () => {
    const gate = makeCaller(harness().services, 'staff', { eventId: w.event.id, permission: 'event:checkin' });
    const display = await register();
    expectError(await pair(display.pairingCode, gate), 403, 'FORBIDDEN');
    expectError(await show(basket, gate), 403, 'FORBIDDEN');
    expectOk(await pair(display.pairingCode));
    const unpair = (caller: Caller) => harness().request({ ...call(contract.unpairDisplay, { params: { displayId: display.id } }), key: caller.key });
    const other = makeCaller(harness().services, 'staff', { eventId: w.event.id, permission: 'event:update' });
    expectError(await unpair(other), 404, 'NOT_FOUND');
    const listed = (caller: Caller) => harness().request({ ...call(contract.listDisplays, {}), key: caller.key });
    expect(expectOk(await listed(other))).toEqual([]);
    expect(expectOk(await listed(cashier))).toMatchObject([{ id: display.id }]);
    expectOk(await unpair(cashier));
    // Unpaired, the display's key is gone: it registers afresh for a new code.
    expectError(await screen(display.key), 401, 'UNAUTHENTICATED');
  });

  it("the counter's owner lists and unpairs any display; a login that ends leaves its displays on the welcome", async () => {
    const display = await register();
    expectOk(await pair(display.pairingCode));
    expectOk(await show(basket));
    const owner = makeCaller(harness().services, 'super_admin');
    expect(expectOk(await harness().request({ ...call(contract.listDisplays, {}), key: owner.key }))).toMatchObject([{ id: display.id }]);

    // The cashier logs out: the display shows nothing more of their last sale.
    const { token } = (await logIn(harness(), cashier.user.email)) as { token: string };
    expectOk(await harness().request({ ...call(contract.logOut, {}), headers: { authorization: `Bearer ${token}` } }));
    expect(expectOk(await screen(display.key))).toMatchObject({ paired: true, view: { stage: 'welcome' } });

    expectOk(await harness().request({ ...call(contract.unpairDisplay, { params: { displayId: display.id } }), key: owner.key }));
    expectError(await screen(display.key), 401, 'UNAUTHENTICATED');
  });

  it('registering in a loop pushes out the oldest waiting displays, never refuses a new one, never a paired one', async () => {
    const paired = await register();
    expectOk(await pair(paired.pairingCode));
    const first = await register();
    for (let i = 0; i < 50; i++) await register();
    expectError(await screen(first.key), 401, 'UNAUTHENTICATED');
    expect(expectOk(await screen(paired.key))).toMatchObject({ paired: true });
    const waiting = harness().services.database.sqlite.prepare('select count(*) as n from customer_displays where user_id is null').get() as { n: number };
    expect(waiting.n).toBe(50);
  });

  it('renews a lapsed code while the display asks, and the lapsed one pairs nothing', async () => {
    const display = await register();
    harness().clock.advance(11 * 60_000);
    expectError(await pair(display.pairingCode), 404, 'NOT_FOUND');
    const renewed = expectOk(await screen(display.key)) as { pairingCode: string };
    expect(renewed.pairingCode).toMatch(/^\d{6}$/);
    expectOk(await pair(renewed.pairingCode));
  });
});
