/** GET /auth/me (extension): who the presented credential stands for, whichever kind it is. */
import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/envelope.js';
import { makeCaller } from '../support/fixtures.js';
import { logIn, useHarness } from '../support/harness.js';
import { USER, expectShape } from '../support/shapes.js';

describe('GET /auth/me', () => {
  const harness = useHarness();

  it('answers the user of an API key, and of a JWT, without any secret', async () => {
    const h = harness();
    const caller = makeCaller(h.services, 'staff');
    const byKey = await h.request({ url: '/auth/me', key: caller.key });
    const me = expectOk(byKey);
    expectShape(me, USER);
    expect(me).toEqual({ id: caller.user.id, email: caller.user.email, name: caller.user.name, role: 'staff', createdAt: expect.any(String) });
    expect(byKey.raw).not.toMatch(/passwordHash|scrypt\$/);

    const { token } = await logIn(h, caller.user.email);
    expect(expectOk(await h.request({ url: '/auth/me', token }))).toEqual(me);
    // The scheme's name is case-insensitive (RFC 9110 §11.1), as clients send it.
    for (const scheme of ['bearer', 'BEARER', 'Bearer  ']) {
      expect(expectOk(await h.request({ url: '/auth/me', headers: { authorization: `${scheme} ${token}` } }))).toEqual(me);
    }
  });

  it.each([
    ['no credential', {}],
    ['an unknown key', { key: 'tck_unknown' }],
    ['a forged token', { token: 'not.a.jwt' }],
  ])('is 401 UNAUTHENTICATED for %s', async (_name, credential) => {
    expectError(await harness().request({ url: '/auth/me', ...credential }), 401, 'UNAUTHENTICATED');
  });

  it('is 401 for a revoked key', async () => {
    const h = harness();
    const caller = makeCaller(h.services, 'organizer');
    const { key, info } = h.services.apiKeys.create(caller.user.id, 'tablet');
    h.services.apiKeys.revoke('system', caller.user.id, info.id);
    expectError(await h.request({ url: '/auth/me', key }), 401, 'UNAUTHENTICATED');
  });
});
