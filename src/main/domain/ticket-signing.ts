/**
 * Signs the ticket tokens carried by participants' QR codes (see src/shared/ticket-token.ts for
 * the format and the offline check a scanner runs). The Ed25519 key pair is made once per data dir
 * and kept in the database; its public half is published as the verification key. Ed25519 is
 * deterministic, so a ticket's token (and QR image) is the same every time it is printed.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection.js';
import { meta } from '../db/schema.js';
import { TICKET_TOKEN_ALG, type GroupClaims, type TicketClaims, type VerificationKey } from '#shared/ticket-token.js';

const META_KEY = 'ticket_signing_jwk';

function signingKey(db: Db): KeyObject {
  const found = db.select().from(meta).where(eq(meta.key, META_KEY)).get();
  if (found) return createPrivateKey({ key: JSON.parse(found.value) as JsonWebKey, format: 'jwk' });
  const { privateKey } = generateKeyPairSync('ed25519');
  const jwk = JSON.stringify(privateKey.export({ format: 'jwk' }));
  // Two processes starting at once on a new data dir: the first key stored wins, both use it.
  db.insert(meta).values({ key: META_KEY, value: jwk }).onConflictDoNothing().run();
  return signingKey(db);
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** The key's RFC 7638 thumbprint: its id, the same wherever it is computed. */
export function thumbprint(x: string): string {
  return base64url(createHash('sha256').update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x })).digest());
}

export function createTicketSigner(db: Db) {
  const privateKey = signingKey(db);
  const x = createPublicKey(privateKey).export({ format: 'jwk' }).x ?? '';
  const kid = thumbprint(x);
  const verificationKey: VerificationKey = { kid, kty: 'OKP', crv: 'Ed25519', x, alg: TICKET_TOKEN_ALG };
  const header = base64url(JSON.stringify({ alg: TICKET_TOKEN_ALG, kid }));

  /** A compact JWS (EdDSA) over the claims: a ticket's, or a group's. */
  function signTicket(claims: TicketClaims | GroupClaims): string {
    const signingInput = `${header}.${base64url(JSON.stringify(claims))}`;
    return `${signingInput}.${base64url(sign(null, Buffer.from(signingInput), privateKey))}`;
  }

  return { signTicket, verificationKey };
}
export type TicketSigner = ReturnType<typeof createTicketSigner>;
