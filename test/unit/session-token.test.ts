/**
 * A login's token (domain/tokens.ts): checked synchronously with node:crypto. It stands for its
 * user until it expires, and nothing else passes: a token altered anywhere, signed with another
 * header (alg "none", HS512), by another issuer or with another secret. Logins signed by jose
 * before this counter checked tokens itself keep working.
 */
import Database from 'better-sqlite3';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../src/main/services.js';
import { TOKEN_LIFETIME_MS } from '../../src/main/domain/tokens.js';
import type { UserRow } from '../../src/main/domain/users.js';
import { testClock, type TestClock } from '../support/clock.js';
import { makeUser } from '../support/fixtures.js';
import { tempDir, type TempDir } from '../support/harness.js';

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

describe('a login token', () => {
  let dir: TempDir;
  let clock: TestClock;
  let services: Services;
  let user: UserRow;
  let secret: Buffer;

  beforeEach(() => {
    dir = tempDir();
    clock = testClock();
    services = createServices({ dataDir: dir.path, clock });
    user = makeUser(services, 'staff');
    const db = new Database(join(dir.path, 'counter.db'), { readonly: true });
    secret = Buffer.from((db.prepare("select value from meta where key = 'jwt_secret'").get() as { value: string }).value, 'base64url');
    db.close();
  });
  afterEach(() => {
    services.close();
    dir.remove();
  });

  /** A token as anyone holding `key` could sign it, with any claims, under HS256 or HS512. */
  function signed(claims: object, { alg = 'HS256', key = secret } = {}) {
    const input = `${b64(JSON.stringify({ alg }))}.${b64(JSON.stringify(claims))}`;
    return `${input}.${createHmac(alg === 'HS512' ? 'sha512' : 'sha256', key).update(input).digest('base64url')}`;
  }
  const claimsOf = (overrides: object = {}) => ({ ver: user.tokenVersion, sub: user.id, iss: 'ticket-counter', iat: Math.floor(clock() / 1000), exp: Math.floor((clock() + 60_000) / 1000), ...overrides });

  it('stands for its user until the instant it expires', () => {
    const { token, expiresAt } = services.tokens.issue(user);
    expect(expiresAt).toBe(clock() + TOKEN_LIFETIME_MS);
    expect(services.tokens.authenticate(token)).toEqual({ userId: user.id, role: 'staff', name: user.name, credential: 'jwt' });
    clock.set(Math.floor(expiresAt / 1000) * 1000 - 1);
    expect(services.tokens.authenticate(token)).toBeDefined();
    clock.advance(1);
    expect(services.tokens.authenticate(token)).toBeUndefined();
  });

  it('is refused once altered in any of its three parts, or cut, or lengthened', () => {
    let { token } = services.tokens.issue(user);
    // A signature with a - or _ in it, so that their swap for + and / below alters it.
    while (!/[-_]/.test(token.split('.')[2]!)) {
      clock.advance(1000);
      token = services.tokens.issue(user).token;
    }
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const other = makeUser(services, 'organizer');
    const forged = [
      `${b64('{"alg":"HS256","typ":"JWT"}')}.${payload}.${signature}`,
      `${header}.${b64(JSON.stringify({ ...claimsOf(), sub: other.id }))}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
      `${token}.${signature}`,
      // Characters a lenient base64url decoder skips or reads alike: the signature is its text.
      `${token}!!`,
      `${token}=AA`,
      `${header}.${payload}.${signature.replaceAll('-', '+').replaceAll('_', '/')}`,
      '',
      'not.a.jwt',
    ];
    for (const token of forged) expect(services.tokens.authenticate(token), token).toBeUndefined();
  });

  it('is refused when signed under another header, issuer or secret, or with claims of the wrong shape', () => {
    expect(services.tokens.authenticate(signed(claimsOf()))).toBeDefined();
    const refused = [
      `${b64('{"alg":"none"}')}.${b64(JSON.stringify(claimsOf()))}.`,
      signed(claimsOf(), { alg: 'HS512' }),
      signed(claimsOf({ iss: 'central' })),
      signed(claimsOf(), { key: Buffer.alloc(32, 7) }),
      signed(claimsOf({ exp: String(Math.floor(clock() / 1000) + 60) })),
      signed(claimsOf({ ver: undefined })),
    ];
    for (const token of refused) expect(services.tokens.authenticate(token), token).toBeUndefined();
  });

  it('is refused after its user logs out (the token version moves on)', () => {
    const { token } = services.tokens.issue(user);
    services.users.endLogins(user.id);
    expect(services.tokens.authenticate(token)).toBeUndefined();
  });

  it('signed by jose, as logins were before, still stands for its user', async () => {
    const token = await new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('ticket-counter')
      .setIssuedAt(Math.floor(clock() / 1000))
      .setExpirationTime(Math.floor((clock() + TOKEN_LIFETIME_MS) / 1000))
      .sign(secret);
    expect(services.tokens.authenticate(token)?.userId).toBe(user.id);
  });
});
