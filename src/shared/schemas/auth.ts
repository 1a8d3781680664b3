import { z } from 'zod';
import { messages } from '../messages.js';
import { Timestamp, Ulid, visible } from './common.js';

/** super_admin, organizer and staff operate the service; customer is the role of walk-in buyers. */
export const Role = z.enum(['super_admin', 'organizer', 'staff', 'customer']);
export type Role = z.infer<typeof Role>;
/** event:update implies the other two; event:checkin (gate staff) allows only the check-in endpoints. */
export const Permission = z.enum(['event:read', 'event:update', 'event:checkin']);
export type Permission = z.infer<typeof Permission>;

export const User = z.object({
  id: Ulid,
  email: z.email(),
  name: z.string(),
  role: Role,
  createdAt: Timestamp,
});
export type User = z.infer<typeof User>;

/** A person who operates the counter, as made at first run (setup) or with `user create`: login works for every one. */
export const OperatorAccount = z.object({
  name: visible(z.string().trim().min(1, 'Nama wajib diisi').max(100, 'Nama paling panjang 100 karakter')),
  email: z.email({ error: 'Alamat email tidak valid' }).max(254),
  password: z.string().min(10, 'Kata sandi minimal 10 karakter').max(200),
});

export const LoginBody = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResult = z.object({ token: z.string(), expiresAt: Timestamp, user: User });

/** A password change by its user, logged in: the new one follows the first-run rule. */
export const ChangePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Kata sandi saat ini wajib diisi').max(200),
  newPassword: OperatorAccount.shape.password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** A supervisor's approval PIN: 6 to 12 digits, so that it is no password and no password is one. */
export const ApprovalPin = z.string().regex(/^\d{6,12}$/, messages.approvalPinShape);

/** A supervisor sets its approval PIN on its own login, confirming it with its password. */
export const SetApprovalPinBody = z.object({
  currentPassword: ChangePasswordBody.shape.currentPassword,
  pin: ApprovalPin,
});
export type SetApprovalPinBody = z.infer<typeof SetApprovalPinBody>;
export type LoginResult = z.infer<typeof LoginResult>;
