/**
 * A login's token: a compact JWS (HS256) over {ver, sub, iss, iat, exp}, signed and checked here
 * with node:crypto, synchronously. jose's check runs on WebCrypto, whose steps wait on the thread
 * pool: under the venue's devices each wait was a turn of a busy event loop, and the operator's
 * screen waited on them before its request was even read.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/connection.js';
import { meta } from '../db/schema.js';
import type { Actor } from './access.js';
import type { Clock } from './clock.js';
import { isOperator, type UserRow, type UserService } from './users.js';

/** A login lasts one long counter shift. */
export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;
const ISSUER = 'ticket-counter';
/** The one header this counter signs: a token with any other (alg "none", another alg) is refused. */
const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const HEADER = segment({ alg: 'HS256' });

const Claims = z.object({
  /** The user's token version at login: logging out or a new password moves it on. */
  ver: z.number().int(),
  sub: z.string(),
  iss: z.literal(ISSUER),
  iat: z.number().int(),
  /** Expiry, epoch seconds. */
  exp: z.number().int(),
});

/** The HMAC secret is made once per data dir and kept in the database, never printed. */
function signingSecret(db: Db): Buffer {
  const found = db.select().from(meta).where(eq(meta.key, 'jwt_secret')).get();
  if (found) return Buffer.from(found.value, 'base64url');
  const secret = randomBytes(32).toString('base64url');
  db.insert(meta).values({ key: 'jwt_secret', value: secret }).onConflictDoNothing().run();
  return signingSecret(db);
}

export function createTokenService(db: Db, users: UserService, clock: Clock) {
  const secret = signingSecret(db);
  /** The signature, as the token carries it: base64url text. */
  const mac = (signingInput: string) => createHmac('sha256', secret).update(signingInput).digest('base64url');

  /** A login of `user`, under its current token version. */
  function issue(user: Pick<UserRow, 'id' | 'tokenVersion'>): { token: string; expiresAt: number } {
    const now = clock();
    const expiresAt = now + TOKEN_LIFETIME_MS;
    const claims: z.infer<typeof Claims> = { ver: user.tokenVersion, sub: user.id, iss: ISSUER, iat: Math.floor(now / 1000), exp: Math.floor(expiresAt / 1000) };
    const signingInput = `${HEADER}.${segment(claims)}`;
    return { token: `${signingInput}.${mac(signingInput)}`, expiresAt };
  }

  /** The claims of a token this counter signed that has not expired; undefined for any other. */
  function verified(token: string): z.infer<typeof Claims> | undefined {
    const [header, payload, signature, ...rest] = token.split('.');
    if (header !== HEADER || payload === undefined || signature === undefined || rest.length > 0) return undefined;
    // Compared as text: a base64url decoder skips characters it does not know, and reads + and /
    // as - and _, so decoded bytes would let altered copies of a token through.
    const expected = Buffer.from(mac(`${header}.${payload}`));
    const presented = Buffer.from(signature);
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return undefined;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    const claims = Claims.safeParse(json);
    if (!claims.success || claims.data.exp * 1000 <= clock()) return undefined;
    return claims.data;
  }

  /**
   * The actor a token stands for, or undefined when it is forged, expired, of an earlier token
   * version (logged out, password changed) or its user is gone or no longer an operator. The user
   * is read afresh each time: its role now, not at login, decides.
   */
  function authenticate(token: string): Actor | undefined {
    const claims = verified(token);
    const user = claims ? users.findById(claims.sub) : undefined;
    if (!claims || !user || !isOperator(user.role) || claims.ver !== user.tokenVersion) return undefined;
    return { userId: user.id, role: user.role, name: user.name, credential: 'jwt' };
  }

  return { issue, authenticate };
}
export type TokenService = ReturnType<typeof createTokenService>;
