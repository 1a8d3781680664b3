/** The service itself and who is calling: liveness, logins and the counter's operators. */
import { z } from 'zod';
import { ChangePasswordBody, LoginBody, LoginResult, SetApprovalPinBody, User } from '../schemas/auth.js';
import { BackgroundHealth } from '../schemas/background.js';
import { envelope } from '../schemas/common.js';
import { AUTH_ERRORS, BODY_ERRORS, endpoint } from './endpoint.js';

const auth = { tags: ['auth'], extension: true } as const;

export const health = endpoint({
  method: 'GET',
  path: '/health',
  summary: 'Liveness (no credentials from this machine, an API key or login from the LAN)',
  tags: ['service'],
  access: 'local',
  extension: true,
  status: 200,
  response: envelope(z.object({ status: z.literal('ok'), service: z.literal('ticket-counter') })),
  errors: [...AUTH_ERRORS],
});

export const backgroundHealth = endpoint({
  method: 'GET',
  path: '/background',
  summary: 'The counter’s own work that is failing: scheduled backups, the search index, the sweep',
  description:
    'Each task that failed on its last run, since when and why, until a run of it succeeds; an empty list when all is well. The counter UI shows them in a banner. storageFull: the disk (or the backup folder) is full.',
  tags: ['service'],
  access: 'user',
  extension: true,
  status: 200,
  response: envelope(BackgroundHealth),
  errors: [...AUTH_ERRORS],
});

export const logIn = endpoint({
  ...auth,
  method: 'POST',
  path: '/auth/login',
  summary: 'Log in with e-mail and password',
  description: 'Returns a JWT for Authorization: Bearer, valid for 12 hours. Customer accounts cannot log in here.',
  access: 'public',
  body: LoginBody,
  status: 200,
  response: envelope(LoginResult),
  errors: ['VALIDATION_FAILED', 'UNAUTHENTICATED', 'RATE_LIMITED'],
});

export const logOut = endpoint({
  ...auth,
  method: 'POST',
  path: '/auth/logout',
  summary: 'Log out: every login (JWT) of the caller ends, on every device',
  description: 'A login only (a device key is 403). The user’s API keys are not touched: they are devices, revoked one by one.',
  access: 'user',
  status: 200,
  response: envelope(z.object({ userId: z.string() })),
  errors: [...BODY_ERRORS, 'FORBIDDEN', ...AUTH_ERRORS],
});

export const changePassword = endpoint({
  ...auth,
  method: 'POST',
  path: '/auth/password',
  summary: 'Change the caller’s password; every other login of the caller ends',
  description:
    'A login only (a device key is 403). Answers a new login (as /auth/login does) under the new password. A wrong currentPassword is 400 on it, and counts as a wrong password from the LAN. Recorded in the audit log (user.password_changed).',
  access: 'user',
  body: ChangePasswordBody,
  status: 200,
  response: envelope(LoginResult),
  errors: [...BODY_ERRORS, 'FORBIDDEN', ...AUTH_ERRORS],
});

export const setApprovalPin = endpoint({
  ...auth,
  method: 'PUT',
  path: '/auth/approval-pin',
  summary: "Set the caller's approval PIN: what a supervisor types at a cashier's counter to approve one refund or one drawer",
  description:
    'An organizer or the counter owner, on its own login (a device key or a cashier is 403), confirming with its password (a wrong one is 400 on currentPassword and counts as a wrong password from the LAN). The PIN (6 to 12 digits) logs in nowhere. Recorded in the audit log (user.approval_pin_set). Docs: cash-sessions.md, Approvals.',
  access: 'user',
  body: SetApprovalPinBody,
  status: 200,
  response: envelope(z.object({ userId: z.string() })),
  errors: [...BODY_ERRORS, 'FORBIDDEN', ...AUTH_ERRORS],
});

export const currentUser = endpoint({
  ...auth,
  method: 'GET',
  path: '/auth/me',
  summary: 'The user the credential (API key or JWT) stands for',
  access: 'user',
  status: 200,
  response: envelope(User),
  errors: [...AUTH_ERRORS],
});

export const listOperators = endpoint({
  ...auth,
  method: 'GET',
  path: '/users',
  summary: "The counter's operators (super_admin, organizer, staff), by name; the counter's owner only",
  access: 'counter',
  status: 200,
  response: envelope(z.array(User)),
  errors: ['FORBIDDEN', ...AUTH_ERRORS],
});
