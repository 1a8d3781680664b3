import { z } from 'zod';
import { Timestamp, Ulid } from './common.js';

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

export const LoginBody = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
});

export const LoginResult = z.object({ token: z.string(), expiresAt: Timestamp, user: User });
export type LoginResult = z.infer<typeof LoginResult>;
