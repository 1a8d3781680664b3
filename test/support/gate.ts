/**
 * The gate's side of a ticket: the check-in paths, the token a scanner reads off the ticket's QR
 * image, and tokens that are not genuine (made here with keys of their own, or with the counter's
 * own key for a participant it never issued).
 */
import { createPrivateKey, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { expect } from 'vitest';
import type { Services } from '../../src/main/services.js';
import { contract, pathOf } from '../../src/shared/contract/index.js';
import type { GroupClaims, TicketClaims } from '../../src/shared/ticket-token.js';
import { query } from './http.js';
import { readQr } from './qr.js';
import { getBytes, qrPath } from './sale.js';
import type { World } from './world.js';

export const checkInPath = (idOrSlug: string) => pathOf(contract.checkIn.path, { idOrSlug });
export const lookupPath = (idOrSlug: string, named: Record<string, string | undefined>) => `${pathOf(contract.lookUpTicket.path, { idOrSlug })}${query(named)}`;

/** What a scanner reads off the ticket: the token in the PNG at the participant's qrCode URL. */
export async function scanTicket(w: World, participant: { qrCode: string }): Promise<string> {
  const reply = await getBytes(w.h.app, qrPath(participant.qrCode), w.organizer.key);
  expect(reply.status).toBe(200);
  const token = readQr(reply.bytes);
  expect(token, 'no QR code in the PNG').toBeDefined();
  return token!;
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** A compact EdDSA JWS over `claims` with `key`, its header naming `kid`. */
export function signToken(claims: TicketClaims | GroupClaims, key: KeyObject, kid: string): string {
  const input = `${base64url(JSON.stringify({ alg: 'EdDSA', kid }))}.${base64url(JSON.stringify(claims))}`;
  return `${input}.${base64url(sign(null, Buffer.from(input), key))}`;
}

/** A token signed with a fresh Ed25519 key, claiming to be the counter's (its kid). */
export function forgeToken(claims: TicketClaims | GroupClaims, kid: string): string {
  return signToken(claims, generateKeyPairSync('ed25519').privateKey, kid);
}

/** The counter's own signing key, as kept in its database (ticket-signing.ts). */
export function counterSigningKey(services: Services): KeyObject {
  const row = services.database.sqlite.prepare("select value from meta where key = 'ticket_signing_jwk'").get() as { value: string };
  return createPrivateKey({ key: JSON.parse(row.value) as JsonWebKey, format: 'jwk' });
}

/** The claims a participant's genuine token carries. */
export function claimsOf(participant: { id: string; ticketNumber: string; eventId: string; ticketCategoryId: string; createdAt: string }): TicketClaims {
  return {
    pid: participant.id,
    tn: participant.ticketNumber,
    eid: participant.eventId,
    cid: participant.ticketCategoryId,
    iat: Math.floor(Date.parse(participant.createdAt) / 1000),
  };
}

/** The token with one character of its payload changed (its signature then covers something else). */
export function alterToken(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const i = Math.floor(payload.length / 2);
  const swapped = payload[i] === 'A' ? 'B' : 'A';
  return `${header}.${payload.slice(0, i)}${swapped}${payload.slice(i + 1)}.${signature}`;
}
