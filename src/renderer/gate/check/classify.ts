/**
 * What a scanned or typed text is, by its shape: a group's QR code (a signed token listing tickets),
 * a ticket's QR code (a signed token), a ticket number, or any other text (a central ticket's QR
 * code may be a URL), which the instance reads as a token.
 */
import { GroupClaims, isSignedToken, unverifiedClaims } from '#shared/ticket-token.js';

export type Scanned = { kind: 'group'; token: string } | { kind: 'token'; token: string } | { kind: 'number'; ticketNumber: string };

/** A number as printed or typed ("K7QM-4X9P", "et-8fq9 c6qkza"): letters and digits, spaces and dashes between. */
const NUMBER_LIKE = /^[A-Za-z0-9][A-Za-z0-9 -]{2,98}[A-Za-z0-9]$/;

export function classify(text: string): Scanned | undefined {
  const scanned = text.trim();
  if (!scanned) return undefined;
  if (isSignedToken(scanned)) return unverifiedClaims(GroupClaims, scanned) ? { kind: 'group', token: scanned } : { kind: 'token', token: scanned };
  if (NUMBER_LIKE.test(scanned)) return { kind: 'number', ticketNumber: scanned };
  return { kind: 'token', token: scanned };
}
