import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Role, User } from '#shared/schemas/auth.js';
import type { Db } from '../db/connection.js';
import { users } from '../db/schema.js';
import type { AuditActor, AuditLog } from './audit.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';
import { newId } from './ids.js';
import { hashPassword, hashPasswordAsync, nobodysPasswordHash, PASSWORD_WORK, verifyPassword } from './secrets.js';
import { toIso } from './time.js';

export type UserRow = typeof users.$inferSelect;
/** `approvalPin`: a supervisor's approval PIN from the start (the demo's, a test's). */
type NewUser = { email: string; name: string; role: Role; password: string; approvalPin?: string };

/** The roles of people who run the counter; customers are the people it sells to. */
export const OPERATOR_ROLES = ['super_admin', 'organizer', 'staff'] as const satisfies readonly Role[];

export const isOperator = (role: Role): boolean => (OPERATOR_ROLES as readonly Role[]).includes(role);

export function toUserDto(row: UserRow): User {
  return { id: row.id, email: row.email, name: row.name, role: row.role, createdAt: toIso(row.createdAt) };
}

/** E-mail addresses are matched case-insensitively: stored lower-case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** `passwordWork`: scrypt's work factor for the passwords it sets (secrets.ts). */
export function createUserService(db: Db, clock: Clock, audit: AuditLog, passwordWork = PASSWORD_WORK) {
  function findByEmail(email: string): UserRow | undefined {
    return db.select().from(users).where(eq(users.email, normaliseEmail(email))).get();
  }

  function findById(id: string): UserRow | undefined {
    return db.select().from(users).where(eq(users.id, id)).get();
  }

  /** Creates a user. Not recorded in the audit log: for seeding (tests, benchmarks); operators are made by createBy. */
  function create(input: NewUser): UserRow {
    return insert(input, hashesOf(input));
  }

  /** The password's hash and the approval PIN's, if any: the slow part, done before any write transaction. */
  const hashesOf = (input: NewUser) => ({
    passwordHash: hashPassword(input.password, passwordWork),
    approvalPinHash: input.approvalPin === undefined ? null : hashPassword(input.approvalPin, passwordWork),
  });

  function insert(input: NewUser, { passwordHash, approvalPinHash }: ReturnType<typeof hashesOf>): UserRow {
    if (findByEmail(input.email)) {
      throw new AppError('VALIDATION_FAILED', 'Email sudah dipakai', [{ field: 'email', message: 'Email sudah dipakai' }]);
    }
    const now = clock();
    const row: UserRow = {
      id: newId(now),
      email: normaliseEmail(input.email),
      name: input.name,
      role: input.role,
      passwordHash,
      approvalPinHash,
      tokenVersion: 0,
      createdAt: now,
      updatedAt: now,
    };
    db.insert(users).values(row).run();
    return row;
  }

  /** Creates an operator on `by`'s behalf and records it (e-mail, name and role; never the password). */
  function createBy(by: AuditActor, input: NewUser): UserRow {
    const hashes = hashesOf(input);
    return audit.recorded(
      by,
      'user.created',
      () => insert(input, hashes),
      (user) => ({ subjectId: user.id, details: { email: user.email, name: user.name, role: user.role } }),
    );
  }

  /** Ends every login (JWT) of the user: they carry the token version it now leaves behind. */
  function endLogins(userId: string): void {
    db.update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId))
      .run();
  }

  /** Sets a new password on `by`'s behalf and records it (the e-mail, never a password); every login of the user ends. */
  async function changePasswordBy(by: AuditActor, user: UserRow, password: string): Promise<void> {
    const passwordHash = await hashPasswordAsync(password, passwordWork);
    audit.recorded(
      by,
      'user.password_changed',
      () => {
        db.update(users).set({ passwordHash, updatedAt: clock() }).where(eq(users.id, user.id)).run();
        endLogins(user.id);
      },
      () => ({ subjectId: user.id, details: { email: user.email } }),
    );
  }

  /** A supervisor's approval PIN, hashed as a password is (schema: users.approvalPinHash). */
  async function setApprovalPinBy(by: AuditActor, user: UserRow, pin: string): Promise<void> {
    const approvalPinHash = await hashPasswordAsync(pin, passwordWork);
    audit.recorded(
      by,
      'user.approval_pin_set',
      () => db.update(users).set({ approvalPinHash, updatedAt: clock() }).where(eq(users.id, user.id)).run(),
      () => ({ subjectId: user.id, details: { email: user.email } }),
    );
  }

  /** The operator whose approval PIN this is, or undefined; the same work for an unknown e-mail or a user with no PIN. */
  async function byApprovalPin(email: string, pin: string): Promise<UserRow | undefined> {
    const row = findByEmail(email);
    const operator = row?.approvalPinHash && isOperator(row.role) ? row : undefined;
    const right = await verifyPassword(pin, operator?.approvalPinHash ?? (await nobodysPasswordHash(passwordWork)));
    return right ? operator : undefined;
  }

  function listByRole(role: Role): UserRow[] {
    return db.select().from(users).where(eq(users.role, role)).all();
  }

  /** Everyone who operates the counter, by name. */
  function listOperators(): UserRow[] {
    return db.select().from(users).where(inArray(users.role, [...OPERATOR_ROLES])).orderBy(asc(users.name)).all();
  }

  /** Whether anyone can run this counter yet: a data dir without an operator still needs setting up. */
  function hasOperator(): boolean {
    return db.select({ id: users.id }).from(users).where(inArray(users.role, [...OPERATOR_ROLES])).limit(1).get() !== undefined;
  }

  /**
   * The operator whose password this is, or undefined: one answer, at one cost, for an unknown
   * e-mail, a customer's and a wrong password (each checks one scrypt hash, off the event loop).
   */
  async function authenticate(email: string, password: string): Promise<UserRow | undefined> {
    const row = findByEmail(email);
    const operator = row && isOperator(row.role) ? row : undefined;
    const right = await verifyPassword(password, operator?.passwordHash ?? (await nobodysPasswordHash(passwordWork)));
    return right ? operator : undefined;
  }

  return { findByEmail, findById, listByRole, listOperators, hasOperator, create, createBy, changePasswordBy, setApprovalPinBy, endLogins, authenticate, byApprovalPin };
}
export type UserService = ReturnType<typeof createUserService>;
