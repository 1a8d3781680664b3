/**
 * The signed ticket token in a participant's QR code, and its offline verification: a scanner at
 * the gate holds the counter's public key (GET /tickets/verification-key) and checks a ticket
 * with no network. The token is a compact JWS (EdDSA / Ed25519) over a small JSON payload, so
 * that a forged or altered ticket fails the signature. Runs in Node and in browsers.
 */
import { compactVerify, importJWK, type JWK } from 'jose';
import { z } from 'zod';
import { MAX_BASKET_LINES } from './schemas/transaction.js';

export const TICKET_TOKEN_ALG = 'EdDSA';

export const TicketClaims = z.object({
  /** Participant id. */
  pid: z.string(),
  /** Ticket number, as printed. */
  tn: z.string(),
  /** Event id. */
  eid: z.string(),
  /** Ticket category id. */
  cid: z.string(),
  /** Issued at, epoch seconds. */
  iat: z.number().int(),
});
export type TicketClaims = z.infer<typeof TicketClaims>;

/**
 * A group's token (a basket's QR code): every ticket of the group by its printed number, signed
 * like a ticket, so that any gate of the venue that trusts the key admits the group in one scan.
 */
export const GroupClaims = z.object({
  /** The basket's id, where it was sold. */
  gid: z.string(),
  eid: z.string(),
  /** The tickets' numbers, as printed. */
  tns: z.array(z.string()).min(1).max(MAX_BASKET_LINES),
  iat: z.number().int(),
});
export type GroupClaims = z.infer<typeof GroupClaims>;

export const VerificationKey = z.object({
  kid: z.string(),
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  alg: z.literal(TICKET_TOKEN_ALG),
});
export type VerificationKey = z.infer<typeof VerificationKey>;

export class InvalidTicketToken extends Error {
  constructor(reason: string) {
    super(`invalid ticket token: ${reason}`);
    this.name = 'InvalidTicketToken';
  }
}

/**
 * The claims of a genuine ticket token signed by one of `keys`; throws InvalidTicketToken for a
 * forged, altered, truncated or foreign token. Optionally checks it is for `eventId`.
 */
export const verifyTicketToken = (token: string, keys: VerificationKey[], eventId?: string) => verifyToken(TicketClaims, token, keys, eventId);

/** The claims of a genuine group token signed by one of `keys` (as verifyTicketToken). */
export const verifyGroupToken = (token: string, keys: VerificationKey[], eventId?: string) => verifyToken(GroupClaims, token, keys, eventId);

async function verifyToken<C extends { eid: string }>(schema: z.ZodType<C>, token: string, keys: VerificationKey[], eventId?: string): Promise<C> {
  const kid = headerKid(token);
  const key = keys.find((k) => k.kid === kid);
  if (!key) throw new InvalidTicketToken('unknown signing key');
  let payload: Uint8Array;
  try {
    const verified = await compactVerify(token, await importJWK(key as JWK, TICKET_TOKEN_ALG), { algorithms: [TICKET_TOKEN_ALG] });
    payload = verified.payload;
  } catch {
    throw new InvalidTicketToken('bad signature');
  }
  const claims = schema.safeParse(JSON.parse(new TextDecoder().decode(payload)));
  if (!claims.success) throw new InvalidTicketToken('bad claims');
  if (eventId !== undefined && claims.data.eid !== eventId) throw new InvalidTicketToken('ticket of another event');
  return claims.data;
}

/** A compact JWS (three base64url parts): the shape of a signed token, never of a ticket number or a URL. */
export const isSignedToken = (text: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(text);

/**
 * The claims of `schema` (a ticket's or a group's) a token says it carries, unverified: enough to
 * know which event to ask about a scanned code. Whoever acts on it verifies it (the service does,
 * at every lookup).
 */
export function unverifiedClaims<C>(schema: z.ZodType<C>, token: string): C | undefined {
  const [, payload] = token.split('.');
  try {
    const claims = schema.safeParse(JSON.parse(new TextDecoder().decode(base64UrlDecode(payload ?? ''))));
    return claims.success ? claims.data : undefined;
  } catch {
    return undefined;
  }
}

function headerKid(token: string): string | undefined {
  const [header] = token.split('.');
  try {
    const decoded = JSON.parse(new TextDecoder().decode(base64UrlDecode(header ?? ''))) as { kid?: unknown };
    return typeof decoded.kid === 'string' ? decoded.kid : undefined;
  } catch {
    throw new InvalidTicketToken('malformed');
  }
}

function base64UrlDecode(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
