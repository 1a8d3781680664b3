/**
 * The role model (docs/operations.md, Roles), beyond the permissions on events (domain/access.ts): what each
 * role may do on the counter itself. The service enforces it; the UI shows only what it allows.
 */
import type { Role } from './schemas/auth.js';

/** Its remote, its settings, everyone's device keys and the whole audit log: the counter's owner. */
export const ownsCounter = (role: Role): boolean => role === 'super_admin';

/** The audit log: all of it for the owner, the entries of its own events for an organizer. */
export const readsAuditLog = (role: Role): boolean => role === 'super_admin' || role === 'organizer';

/**
 * Device keys: the owner makes them for any operator, an organizer for itself; a cashier none (a
 * key is a standing credential that outlives the cashier's shift; connecting devices is the
 * owner's call).
 */
export const makesApiKeys = (role: Role): boolean => role === 'super_admin' || role === 'organizer';

/**
 * Cash sessions: an organizer or the owner reads every session and X report of the counter and
 * approves differences and refunds; a cashier opens, counts and reads only its own.
 */
export const supervisesCash = (role: Role): boolean => role === 'super_admin' || role === 'organizer';
