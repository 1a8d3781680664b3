import { SignJWT, jwtVerify } from 'jose';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { meta } from '../db/schema.js';
import type { Actor } from './access.js';
import type { Clock } from './clock.js';
import { isOperator, type UserRow, type UserService } from './users.js';

/** A login lasts one long counter shift. */
export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;
const ISSUER = 'ticket-counter';

/** The HMAC secret is made once per data dir and kept in the database, never printed. */
function signingSecret(db: Db): Uint8Array {
  const found = db.select().from(meta).where(eq(meta.key, 'jwt_secret')).get();
  if (found) return Buffer.from(found.value, 'base64url');
  const secret = randomBytes(32).toString('base64url');
  db.insert(meta).values({ key: 'jwt_secret', value: secret }).onConflictDoNothing().run();
  return signingSecret(db);
}

export function createTokenService(db: Db, users: UserService, clock: Clock) {
  const secret = signingSecret(db);

  /** A login of `user`, under its current token version (logging out or a new password moves it on). */
  async function issue(user: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<{ token: string; expiresAt: number }> {
    const now = clock();
    const expiresAt = now + TOKEN_LIFETIME_MS;
    const token = await new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(Math.floor(expiresAt / 1000))
      .sign(secret);
    return { token, expiresAt };
  }

  /**
   * The actor a token stands for, or undefined when it is forged, expired, of an earlier token
   * version (logged out, password changed) or its user is gone or no longer an operator. The user
   * is read afresh each time: its role now, not at login, decides.
   */
  async function authenticate(token: string): Promise<Actor | undefined> {
    try {
      const { payload } = await jwtVerify(token, secret, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: new Date(clock()),
      });
      const user = payload.sub ? users.findById(payload.sub) : undefined;
      if (!user || !isOperator(user.role) || payload.ver !== user.tokenVersion) return undefined;
      return { userId: user.id, role: user.role, name: user.name, credential: 'jwt' };
    } catch {
      return undefined;
    }
  }

  return { issue, authenticate };
}
export type TokenService = ReturnType<typeof createTokenService>;
