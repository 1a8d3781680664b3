import { z } from 'zod';
import { OperatorAccount, User } from './auth.js';
import { RemoteSettingsBody, SyncStatus } from './sync.js';

/**
 * First run: a counter whose data dir has no operator yet offers two ways in, connecting to a
 * service (its events are pulled, and the person setting it up becomes the counter's owner) or
 * trying it with demo data.
 */
export const SetupState = z.object({
  /** No operator (super_admin, organizer, staff) exists yet: the setup endpoints are open. */
  needsSetup: z.boolean(),
  /** The demo logins exist here: the login screen may offer them. */
  demo: z.boolean(),
});
export type SetupState = z.infer<typeof SetupState>;

export const DemoLogin = z.object({ email: z.email(), name: z.string(), role: z.string(), password: z.string(), approvalPin: z.string().optional().meta({ description: "A supervisor's approval PIN (docs/cash-sessions.md, Approvals)." }) });
export const DemoSetupResult = z.object({ logins: z.array(DemoLogin) });
export type DemoSetupResult = z.infer<typeof DemoSetupResult>;

export const ConnectSetupBody = RemoteSettingsBody.omit({ ownerEmail: true }).extend({
  /** The person setting the counter up: its owner (super_admin), also owner of the pulled events. */
  ...OperatorAccount.shape,
});
export type ConnectSetupBody = z.infer<typeof ConnectSetupBody>;

export const ConnectSetupResult = z.object({ user: User, sync: SyncStatus });
export type ConnectSetupResult = z.infer<typeof ConnectSetupResult>;
