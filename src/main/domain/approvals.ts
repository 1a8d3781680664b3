/**
 * A supervisor's approval typed at a cashier's counter (docs/cash-sessions.md, Approvals): the
 * e-mail and approval PIN of an organizer or of the counter's owner. The PIN logs in nowhere, so
 * the cashier's machine never holds a credential that opens a supervisor's session. It approves
 * the one action of the request it is in, and only where the supervisor has authority: a refund
 * on an event it may update, a drawer of a cashier whose shifts it supervises. Checked like a
 * login (one scrypt hash, the same cost for any wrong answer) and counted against the acting
 * cashier and against the supervisor named, so PINs cannot be guessed through the dialog from one
 * counter or from many. The approver is named in the audit entry of what was approved.
 */
import type { Approval } from '#shared/schemas/cash-session.js';
import { messages } from '#shared/messages.js';
import { supervisesCash } from '#shared/roles.js';
import type { Actor, Access, OwnedEvent } from './access.js';
import type { AuthAttempts } from './auth-attempts.js';
import { AppError } from './errors.js';
import type { UserService } from './users.js';

export interface Approver {
  userId: string;
  name: string;
  email: string;
}

/** What is approved: a refund on an event's order, or a drawer (a difference, an opening) of a cashier's shift. */
export type ApprovalScope = { event: OwnedEvent } | { cashierUserId: string };

export function createApprovals(users: UserService, access: Access, attempts: AuthAttempts) {
  /** The approver, or APPROVAL_REFUSED (a wrong PIN, no PIN set, or no authority over `scope`). */
  async function approve(actor: Actor, approval: Approval, scope: ApprovalScope): Promise<Approver> {
    const sources = [`approval:${actor.userId}`, `approval-pin:${approval.email.toLowerCase()}`];
    for (const source of sources) attempts.check(source);
    const user = await users.byApprovalPin(approval.email, approval.pin);
    const supervisor: Actor | undefined = user && supervisesCash(user.role) ? { userId: user.id, role: user.role, name: user.name, credential: 'jwt' } : undefined;
    const allowed = supervisor && ('event' in scope ? access.allows(supervisor, scope.event, 'event:update') : access.supervisesShiftOf(supervisor, scope.cashierUserId));
    if (!user || !allowed) {
      for (const source of sources) attempts.failed(source);
      throw new AppError('APPROVAL_REFUSED', messages.approvalRefused, [{ field: 'approval', message: messages.approvalRefused }]);
    }
    return { userId: user.id, name: user.name, email: user.email };
  }

  /** Whether the actor could approve a refund on `event` itself: a supervisor who may update it. */
  const vouches = (actor: Actor, event: OwnedEvent): boolean => supervisesCash(actor.role) && access.allows(actor, event, 'event:update');

  return { approve, vouches };
}
export type Approvals = ReturnType<typeof createApprovals>;
