/**
 * A supervisor's approval typed at the counter: the e-mail and password of an organizer or of the
 * counter's owner, checked like a login (one scrypt hash, the same cost for any wrong answer) and
 * counted against the acting operator like failed logins, so a cashier cannot guess a password
 * through the approval dialog. The approver is named in the audit entry of what was approved.
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

export function createApprovals(users: UserService, access: Access, attempts: AuthAttempts) {
  /**
   * The approver, or APPROVAL_REFUSED. For an event's order (`event`), an organizer approves only
   * on events it may update; without one (a drawer's difference), any organizer or super admin.
   */
  async function approve(actor: Actor, approval: Approval, event?: OwnedEvent): Promise<Approver> {
    const source = `approval:${actor.userId}`;
    attempts.check(source);
    const user = await users.authenticate(approval.email, approval.password);
    const supervisor = user && supervisesCash(user.role) ? user : undefined;
    const allowed = supervisor && (event === undefined || access.allows({ userId: supervisor.id, role: supervisor.role, name: supervisor.name, credential: 'jwt' }, event, 'event:update'));
    if (!supervisor || !allowed) {
      attempts.failed(source);
      throw new AppError('APPROVAL_REFUSED', messages.approvalRefused, [{ field: 'approval', message: messages.approvalRefused }]);
    }
    return { userId: supervisor.id, name: supervisor.name, email: supervisor.email };
  }

  /** Whether the actor could approve a refund on `event` itself: a supervisor who may update it. */
  const vouches = (actor: Actor, event: OwnedEvent): boolean => supervisesCash(actor.role) && access.allows(actor, event, 'event:update');

  return { approve, vouches };
}
export type Approvals = ReturnType<typeof createApprovals>;
