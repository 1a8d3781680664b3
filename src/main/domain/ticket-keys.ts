/**
 * The keys whose ticket tokens this service believes: its own (ticket-signing.ts) and those the
 * counters replicating here registered, so that at a venue hub a ticket printed at any of its
 * counters is checked in at every gate, by its QR code as by its number. Registering a key gives
 * no more than selling does: a ticket number, which any gate takes typed, is in every token.
 */
import { messages } from '#shared/messages.js';
import { TICKET_TOKEN_ALG, type VerificationKey } from '#shared/ticket-token.js';
import type { Db } from '../db/connection.js';
import { trustedTicketKeys } from '../db/schema.js';
import type { Access, Actor } from './access.js';
import type { AuditLog } from './audit.js';
import type { Clock } from './clock.js';
import { AppError, fieldError } from './errors.js';
import { thumbprint, type TicketSigner } from './ticket-signing.js';

export function createTicketKeys(db: Db, clock: Clock, signer: TicketSigner, access: Access, audit: AuditLog) {
  const asKey = (kid: string, x: string): VerificationKey => ({ kid, kty: 'OKP', crv: 'Ed25519', x, alg: TICKET_TOKEN_ALG });

  /** The keys counters registered here. */
  function registered(): VerificationKey[] {
    return db
      .select()
      .from(trustedTicketKeys)
      .all()
      .map((row) => asKey(row.kid, row.x));
  }

  /** Registers a counter's key (idempotent); only an actor who sells here may. */
  function register(actor: Actor, key: VerificationKey): VerificationKey {
    if (!access.sellsSomewhere(actor)) throw new AppError('FORBIDDEN', messages.ticketKeyForbidden);
    // The id is the key's own thumbprint, so that no key can pose as another.
    if (thumbprint(key.x) !== key.kid) throw fieldError('kid', messages.ticketKeyIdMismatch);
    if (key.kid === signer.verificationKey.kid) return signer.verificationKey;
    audit.recorded(
      actor,
      'ticket_key.registered',
      () => db.insert(trustedTicketKeys).values({ kid: key.kid, x: key.x, userId: actor.userId, createdAt: clock() }).onConflictDoNothing().run().changes,
      (inserted) => (inserted > 0 ? { details: { kid: key.kid } } : undefined),
    );
    return asKey(key.kid, key.x);
  }

  return {
    own: signer.verificationKey,
    registered,
    /** This service's key first, then the registered ones: what a scanner needs to verify every ticket of the venue. */
    all: () => [signer.verificationKey, ...registered()],
    register,
  };
}
export type TicketKeys = ReturnType<typeof createTicketKeys>;
