/**
 * Sessions: a login (JWT) ends with a password change (over HTTP or the command line) and with
 * logging out, every login of that user at once (a per-user token version); and every credential,
 * logins and API keys alike, re-checks its user's current role on every request.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages.js';
import { auditEntries, gist } from '../support/audit.js';
import { expectError, expectOk, expectValidation } from '../support/envelope.js';
import { makeCaller, PASSWORD } from '../support/fixtures.js';
import { logIn, useHarness, type Harness } from '../support/harness.js';
import { runCli } from '../support/serve.js';
import { world } from '../support/world.js';

const NEW_PASSWORD = 'kata-sandi-baru-yang-panjang';
const me = (h: Harness, token: string) => h.request({ url: '/auth/me', token });
const changePassword = (h: Harness, token: string, body: unknown) => h.request({ method: 'POST', url: '/auth/password', token, body });

describe('a password change', () => {
  const harness = useHarness();

  it("ends every login of the user; the change's answer is a login of its own; the old password is refused", async () => {
    const h = harness();
    const cashier = makeCaller(h.services, 'staff');
    const counter = await logIn(h, cashier.user.email);
    const tablet = await logIn(h, cashier.user.email);
    const changed = expectOk(await changePassword(h, counter.token, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }));
    expect(changed.user.id).toBe(cashier.user.id);

    for (const { token } of [counter, tablet]) expectError(await me(h, token), 401, 'UNAUTHENTICATED');
    expectOk(await me(h, changed.token));
    expectError(await h.request({ method: 'POST', url: '/auth/login', body: { email: cashier.user.email, password: PASSWORD } }), 401, 'UNAUTHENTICATED');
    await logIn(h, cashier.user.email, NEW_PASSWORD);
    // The user's API keys are devices, not logins: they go on working.
    expectOk(await h.request({ url: '/auth/me', key: cashier.key }));

    const admin = makeCaller(h.services, 'super_admin');
    const [entry] = await auditEntries(h, admin.key, { action: 'user.password_changed' });
    expect(gist(entry)).toMatchObject({ action: 'user.password_changed', subjectId: cashier.user.id, details: { email: cashier.user.email } });
  });

  it('needs the current password, a new one of 10 characters or more, and a login (not a device key)', async () => {
    const h = harness();
    const cashier = makeCaller(h.services, 'staff');
    const { token } = await logIn(h, cashier.user.email);
    const wrong = await changePassword(h, token, { currentPassword: 'bukan-ini-sandinya', newPassword: NEW_PASSWORD });
    expectValidation(wrong, 'currentPassword');
    expectValidation(await changePassword(h, token, { currentPassword: PASSWORD, newPassword: 'pendek' }), 'newPassword');
    const byKey = await h.request({ method: 'POST', url: '/auth/password', key: cashier.key, body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expectError(byKey, 403, 'FORBIDDEN');
    expect(byKey.body.message).toBe(messages.loginOnly);
    // Nothing changed: the login still works.
    expectOk(await me(h, token));
  });

  it('on the command line (the new password on stdin) ends every login too', async () => {
    const h = harness();
    const cashier = makeCaller(h.services, 'staff');
    const { token } = await logIn(h, cashier.user.email);
    const result = await runCli(['user', 'password', '--data-dir', h.dataDir, '--email', cashier.user.email], `${NEW_PASSWORD}\n`);
    expect(result.code, result.stderr).toBe(0);
    expectError(await me(h, token), 401, 'UNAUTHENTICATED');
    await logIn(h, cashier.user.email, NEW_PASSWORD);
    const short = await runCli(['user', 'password', '--data-dir', h.dataDir, '--email', cashier.user.email], 'pendek\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('password');
  });
});

describe('logging out', () => {
  const harness = useHarness();

  it("ends every login of the user at once; a new login works; a device key cannot log its user out", async () => {
    const h = harness();
    const cashier = makeCaller(h.services, 'staff');
    const counter = await logIn(h, cashier.user.email);
    const tablet = await logIn(h, cashier.user.email);
    expectError(await h.request({ method: 'POST', url: '/auth/logout', key: cashier.key }), 403, 'FORBIDDEN');
    expectOk(await h.request({ method: 'POST', url: '/auth/logout', token: counter.token }));
    for (const { token } of [counter, tablet]) expectError(await me(h, token), 401, 'UNAUTHENTICATED');
    expectOk(await me(h, (await logIn(h, cashier.user.email)).token));
  });
});

describe("every credential re-checks its user's current role", () => {
  const harness = useHarness();
  const demote = (h: Harness, userId: string, role: string) => h.services.database.sqlite.prepare('update users set role = ? where id = ?').run(role, userId);

  it('an API key and a login of a user demoted to customer are refused', async () => {
    const h = harness();
    const organizer = makeCaller(h.services, 'organizer');
    const { token } = await logIn(h, organizer.user.email);
    demote(h, organizer.user.id, 'customer');
    expectError(await h.request({ url: '/events?ownerId=me', key: organizer.key }), 401, 'UNAUTHENTICATED');
    expectError(await h.request({ url: '/events?ownerId=me', token }), 401, 'UNAUTHENTICATED');
  });

  it("an owner's key of a user demoted to staff keeps none of the owner's rights", async () => {
    const h = harness();
    const w = world(h);
    const owner = makeCaller(h.services, 'super_admin');
    expectOk(await h.request({ url: `/events/${w.event.id}/tickets`, key: owner.key }));
    demote(h, owner.user.id, 'staff');
    expectError(await h.request({ url: `/events/${w.event.id}/tickets`, key: owner.key }), 403, 'FORBIDDEN');
    expectError(await h.request({ method: 'PATCH', url: '/settings', key: owner.key, body: { holdWindowMinutes: 20 } }), 403, 'FORBIDDEN');
  });
});
