/**
 * The scan log (an extension): every scan at a gate, admitted, refused and why, or exited; and the
 * counts the event manager watches, read from it.
 */
import { z } from 'zod';
import { Timestamp } from './common.js';

/** Why a scan was refused; `reentry` marks a ticket admitted again after an exit. */
export const ScanReason = z.enum([
  'already_in',
  'not_found',
  'not_paid',
  'cancelled',
  'refunded',
  'invalid_token',
  'reentry_off',
  'not_inside',
  'reentry',
]);
export type ScanReason = z.infer<typeof ScanReason>;

const Tally = {
  admitted: z.number().int().meta({ description: 'Scans that let someone in (re-entries included).' }),
  refused: z.number().int(),
  exited: z.number().int(),
};

export const GateCountsQuery = z.object({
  gate: z.string().trim().min(1).max(100).optional().meta({ description: "One gate's counts (the gate app shows its own); default every gate." }),
});
export type GateCountsQuery = z.infer<typeof GateCountsQuery>;

export const GateCounts = z.object({
  eventId: z.string(),
  gate: z.string().nullable().meta({ description: 'The gate asked for, or null for every gate.' }),
  reentryAllowed: z.boolean(),
  mayChangeSettings: z.boolean().meta({ description: 'Whether the caller may change the gate settings (event:update): a gate app shows them, a manager also changes them.' }),
  insideNow: z.number().int().meta({ description: 'Tickets whose last admitted-or-exited scan (at any gate) let them in.' }),
  ...Tally,
  refusedWhy: z.array(z.object({ reason: ScanReason, count: z.number().int() })),
  byGate: z.array(z.object({ gate: z.string().meta({ description: 'Empty for scans that named no gate.' }), ...Tally })),
  byCategory: z.array(z.object({ ticketCategoryId: z.string(), ticketCategoryName: z.string(), ...Tally })),
  byQuarter: z.array(z.object({ from: Timestamp.meta({ description: "The quarter hour's start, in the event's time zone." }), ...Tally })),
});
export type GateCounts = z.infer<typeof GateCounts>;

export const GateSettings = z.object({
  reentryAllowed: z.boolean().meta({ description: 'Whether a ticket scanned out at an exit may come in again; off by default, exit scans are then refused.' }),
});
export type GateSettings = z.infer<typeof GateSettings>;
