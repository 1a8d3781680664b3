/**
 * The audit log (an extension): who changed what, when and from which device. Each action's
 * details are a strict object of their own, so an entry can hold nothing but what is listed here:
 * never a password, a key, a token, or a whole identity number (only masked, as the gate shows it).
 */
import { z } from 'zod';
import { Decimal, PageQuery, SignedDecimal, Timestamp, Ulid } from './common.js';
import { Permission, Role } from './auth.js';
import { PaymentMethod } from './payment.js';
import { Settings } from './settings.js';
import { ConflictResolution, RemoteSummary } from './sync.js';

/** How the actor proved who it was: an API key (a device), a login, the command line on this machine, or none (the service itself). */
export const AuditCredential = z.enum(['api_key', 'login', 'cli', 'system']);
export type AuditCredential = z.infer<typeof AuditCredential>;

/** "3171********0001" (identity-number.ts, maskIdentityNumber): a whole NIK cannot pass. */
const MaskedIdentityNumber = z.string().regex(/^(\d{4}\*+\d{4}|\*+)$/);
/** "tck_ar7y…" (settings/remote.ts, maskKey): the first characters of a key, never the key. */
const MaskedKey = z.string().regex(/^.{0,8}…$/);

export const AuditActor = z.object({
  userId: z.string().nullable().meta({ description: 'The user; null for the command line and the service itself.' }),
  name: z.string().nullable().meta({ description: "The user's name when it acted (for the command line: the OS account); null for the service itself." }),
  credential: AuditCredential,
  apiKeyName: z.string().nullable().meta({ description: 'The device: the name of the API key used, if one was.' }),
  address: z.string().nullable().meta({ description: "The peer's address as the service saw it; null for the command line and the service itself." }),
});
export type AuditActor = z.infer<typeof AuditActor>;

const EventId = z.string().nullable();
const SubjectId = z.string().nullable().meta({ description: 'What the action was done to: the order, the API key, the user, the conflict (seq).' });

/** An entry of one action, its fields in the order people read them. */
const entry = <A extends string, D extends z.ZodType>(action: A, details: D) =>
  z.object({ id: Ulid, at: Timestamp, action: z.literal(action), actor: AuditActor, eventId: EventId, subjectId: SubjectId, details });

const SettingValue = z.union([z.number(), z.string(), z.boolean(), z.array(z.string())]);
const ApiKey = { name: z.string(), prefix: z.string(), owner: z.string().meta({ description: "The e-mail of the key's user." }) };

/** One entry; its details depend on its action. */
export const AuditEntry = z.discriminatedUnion('action', [
  entry('order.created', z.strictObject({ ticketCategoryName: z.string(), total: Decimal, customerName: z.string(), identityNumber: MaskedIdentityNumber })),
  entry('order.paid', z.strictObject({ method: PaymentMethod, amount: Decimal })),
  entry('order.payment_pending_verification', z.strictObject({ method: PaymentMethod, amount: Decimal })),
  entry('order.payment_rejected', z.strictObject({ method: PaymentMethod, reason: z.string().nullable() })),
  entry('order.cancelled', z.strictObject({ reason: z.string().nullable() })),
  entry('order.expired', z.strictObject({})),
  entry(
    'order.refunded',
    z.strictObject({ method: PaymentMethod, amount: Decimal, reason: z.string(), approvedBy: z.string().meta({ description: "The approving supervisor's e-mail." }) }),
  ),
  entry('cash_session.opened', z.strictObject({ openingFloat: Decimal })),
  entry('cash_session.cash_moved', z.strictObject({ kind: z.enum(['cash_in', 'cash_out']), amount: Decimal, reason: z.string() })),
  entry('cash_session.counted', z.strictObject({ expectedCash: SignedDecimal, countedCash: Decimal, difference: SignedDecimal })),
  entry(
    'cash_session.closed',
    z.strictObject({ reportNumber: z.number().int(), difference: SignedDecimal, approvedBy: z.string().nullable(), reason: z.string().nullable() }),
  ),
  entry('cash_session.x_report_issued', z.strictObject({ reportNumber: z.number().int() })),
  entry('cash_drawer.opened', z.strictObject({ reason: z.string(), approvedBy: z.string().meta({ description: "The approving supervisor's e-mail." }) })),
  entry('ticket.checked_in', z.strictObject({ ticketNumber: z.string(), gate: z.string() })),
  entry(
    'ticket.double_admission',
    z.strictObject({
      ticketNumber: z.string(),
      gate: z.string().meta({ description: 'Where it was admitted here, while the remote could not be reached.' }),
      checkedInAt: Timestamp,
      elsewhere: z.string().meta({ description: "The remote's words on the admission it had already: when and where." }),
    }),
  ),
  entry(
    'ticket.cancelled_inside',
    z.strictObject({
      ticketNumber: z.string(),
      name: z.string(),
      gate: z.string().meta({ description: 'Where it was admitted.' }),
      checkedInAt: Timestamp,
      checkedInBy: z.string(),
    }),
  ),
  entry('event.gate_settings_changed', z.strictObject({ reentryAllowed: z.boolean() })),
  entry('ticket_key.registered', z.strictObject({ kid: z.string() })),
  entry('api_key.created', z.strictObject({ ...ApiKey, expiresAt: Timestamp.nullable(), gate: z.string().optional().meta({ description: "A gate device's key: its gate (the entry's event is its event)." }) })),
  entry('api_key.revoked', z.strictObject(ApiKey)),
  entry('settings.changed', z.strictObject({ changes: z.array(z.strictObject({ field: Settings.keyof(), before: SettingValue, after: SettingValue })) })),
  entry('remote.changed', z.strictObject({ ...RemoteSummary.shape, apiKey: MaskedKey })),
  entry('conflict.resolved', z.strictObject({ seq: z.number().int(), resolution: ConflictResolution, orderId: z.string(), remoteOrderId: z.string().nullable() })),
  entry('user.created', z.strictObject({ email: z.string(), name: z.string(), role: Role })),
  entry('user.password_changed', z.strictObject({ email: z.string() })),
  entry('user.approval_pin_set', z.strictObject({ email: z.string() })),
  entry('grant.added', z.strictObject({ email: z.string(), permission: Permission })),
]);
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditAction = z.enum(AuditEntry.options.map((option) => option.shape.action.value));
export type AuditAction = z.infer<typeof AuditAction>;
export type AuditDetails<A extends AuditAction> = Extract<AuditEntry, { action: A }>['details'];

/** The details schema of each action, for checking details on their way in. */
export const AUDIT_DETAILS = new Map<AuditAction, z.ZodType>(AuditEntry.options.map((option) => [option.shape.action.value, option.shape.details]));

export const AuditListQuery = PageQuery.extend({
  action: AuditAction.optional(),
  eventId: z.string().min(1).max(200).optional(),
  from: Timestamp.optional().meta({ description: 'Entries at or after this instant.' }),
  to: Timestamp.optional().meta({ description: 'Entries at or before this instant.' }),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;
