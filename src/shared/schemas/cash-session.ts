/**
 * Cash sessions (shifts), their money, the blind count, approvals and refunds (extensions;
 * docs/cash-sessions.md). Amounts are decimal strings like every amount of the interface; a
 * difference may be negative.
 */
import { z } from 'zod';
import { DENOMINATIONS, isCashAmount, type DenominationKey } from '../cash.js';
import { messages } from '../messages.js';
import { isDecimalString, toMinor } from '../money.js';
import { Decimal, SignedDecimal, Timestamp, Ulid } from './common.js';
import { PaymentMethod } from './payment.js';

const Pieces = z.number().int().min(0).max(100_000);
/** A count of the drawer by denomination (n: note, c: coin, then its value in rupiah); a missing one is none. */
export const CashCountBody = z.strictObject(
  Object.fromEntries(DENOMINATIONS.map((d) => [d.key, Pieces.optional()])) as Record<DenominationKey, z.ZodOptional<typeof Pieces>>,
);

const Reason = z.string().trim().min(1).max(300);
const MAX_MOVEMENT_RUPIAH = 100_000_000;

/** An organizer's or super admin's credentials, typed at the counter by the supervisor. */
/**
 * A supervisor's approval of the one action of the request it is in: the supervisor's e-mail and
 * approval PIN, which logs in nowhere (docs/cash-sessions.md, Approvals).
 */
export const Approval = z.strictObject({
  email: z.string().trim().min(3).max(254),
  pin: z.string().min(1).max(50),
});
export type Approval = z.infer<typeof Approval>;

export const OpenCashSessionBody = z.object({ openingCount: CashCountBody });
export type OpenCashSessionBody = z.infer<typeof OpenCashSessionBody>;

export const CashMovementBody = z.object({
  kind: z.enum(['cash_in', 'cash_out']).meta({ description: 'cash_in: change top-up; cash_out: a safe drop, a payout.' }),
  // Bounded so that a session's sums stay exact integers of sen.
  amount: Decimal.refine((v) => Number(v) > 0 && Number(v) <= MAX_MOVEMENT_RUPIAH, `harus lebih dari 0 dan paling banyak ${MAX_MOVEMENT_RUPIAH}`)
    .refine((v) => !isDecimalString(v) || isCashAmount(toMinor(v)), messages.notCashAmount)
    .meta({ description: 'Whole Rp 100 coins: the smallest a drawer holds (docs/cash-sessions.md, Money rules).' }),
  reason: Reason,
});
export type CashMovementBody = z.infer<typeof CashMovementBody>;

export const CountCashSessionBody = z.object({ count: CashCountBody });
export type CountCashSessionBody = z.infer<typeof CountCashSessionBody>;

export const ApproveCashSessionBody = z.object({ approval: Approval, reason: Reason });
export type ApproveCashSessionBody = z.infer<typeof ApproveCashSessionBody>;

export const CashSessionParams = z.object({ sessionId: z.string().min(1).max(100) });

export const CashSessionStatus = z.enum(['open', 'counted', 'closed']);

export const CashSession = z.object({
  id: Ulid,
  status: CashSessionStatus.meta({ description: 'open: selling; counted: the blind count is in, a supervisor must approve the difference; closed.' }),
  cashierUserId: Ulid,
  cashierName: z.string(),
  openingFloat: Decimal,
  openedAt: Timestamp,
  closedAt: Timestamp.nullable(),
  reportNumber: z.number().int().nullable().meta({ description: 'The Z report issued at the close.' }),
});
export type CashSession = z.infer<typeof CashSession>;

/** What the counter answers after the blind count: only now the expected amount is shown. */
export const CountResult = z.object({
  session: CashSession,
  expectedCash: SignedDecimal.meta({ description: 'Negative when more cash went out than the drawer should hold: cash outs are not checked against it, which would tell the cashier the figure.' }),
  countedCash: Decimal,
  difference: SignedDecimal,
  tolerance: Decimal,
  approvalRequired: z.boolean().meta({ description: 'The difference is beyond the tolerance: the session stays counted until a supervisor approves.' }),
});
export type CountResult = z.infer<typeof CountResult>;

const MethodLine = z.object({
  method: PaymentMethod,
  salesCount: z.number().int(),
  salesTotal: Decimal,
  refundsCount: z.number().int(),
  refundsTotal: Decimal,
  net: SignedDecimal,
  references: z.array(z.string()).meta({ description: 'EDC approval codes, transfer references, QRIS ids taken at the counter, to check against the settlement.' }),
});

const Movement = z.object({ kind: z.enum(['cash_in', 'cash_out']), amount: Decimal, reason: z.string(), at: Timestamp, by: z.string() });
const RefundLine = z.object({ orderId: z.string(), method: PaymentMethod, amount: Decimal, reason: z.string(), at: Timestamp, by: z.string() });

/**
 * An X report (the open session so far, not stored) or a Z report (issued once at the close,
 * numbered per counter, never changed). Cash figures are null in an X report the session's own
 * cashier reads before the blind count.
 */
export const CashReport = z.object({
  kind: z.enum(['X', 'Z']),
  number: z.number().int().nullable(),
  issuedAt: Timestamp,
  sessionId: Ulid,
  status: CashSessionStatus,
  cashierName: z.string(),
  openedAt: Timestamp,
  closedAt: Timestamp.nullable(),
  approvedBy: z.string().nullable(),
  approvalReason: z.string().nullable(),
  firstSaleAt: Timestamp.nullable(),
  lastSaleAt: Timestamp.nullable(),
  salesCount: z.number().int(),
  salesTotal: Decimal,
  refundsCount: z.number().int(),
  refundsTotal: Decimal,
  byMethod: z.array(MethodLine),
  byCategory: z.array(z.object({ name: z.string(), count: z.number().int(), total: Decimal })),
  refunds: z.array(RefundLine),
  movements: z.array(Movement),
  cashIn: Decimal,
  cashOut: Decimal,
  rounding: SignedDecimal.meta({ description: 'Cash paid beyond the totals by the rounding (negative: less), net of refunds.' }),
  openingFloat: Decimal,
  expectedCash: SignedDecimal.nullable(),
  countedCash: Decimal.nullable(),
  difference: SignedDecimal.nullable(),
});
export type CashReport = z.infer<typeof CashReport>;

/** Which report of a session: an issued X report by its number, else the session's own (its Z report, or an X report so far). */
export const CashReportQuery = z.object({
  xReport: z.coerce.number().int().min(1).optional().meta({ description: 'The number of an X report issued from this session.' }),
});
export type CashReportQuery = z.infer<typeof CashReportQuery>;

export const ReportLayoutQuery = CashReportQuery.extend({ layout: z.enum(['a4', 'receipt']).optional() });

export const CashSessionListQuery = z.object({
  from: Timestamp.optional().meta({ description: 'Sessions opened at or after this instant.' }),
  to: Timestamp.optional().meta({ description: 'Sessions opened at or before this instant.' }),
});

/** A refund of a paid order: why, the supervisor's approval, and a reference for money owed back by card, QRIS or transfer. */
/** Opening the cash drawer without a sale: why, and a supervisor's approval. */
export const OpenDrawerBody = z.strictObject({ reason: Reason, approval: Approval });
export type OpenDrawerBody = z.infer<typeof OpenDrawerBody>;

export const RefundBody = z.object({
  reason: Reason,
  reference: z.string().trim().min(1).max(100).optional(),
  approval: Approval,
});
export type RefundBody = z.infer<typeof RefundBody>;

export const Refund = z.object({
  method: PaymentMethod,
  amount: Decimal,
  reason: z.string(),
  reference: z.string().nullable(),
  approvedBy: z.string(),
  refundedBy: z.string(),
  refundedAt: Timestamp,
});
export type Refund = z.infer<typeof Refund>;
