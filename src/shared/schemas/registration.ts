import { z } from 'zod';
import { messages } from '../messages.js';
import { visible } from './common.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD naming a day that exists (no 2023-02-30), from 1900 on. */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A real calendar date strictly before today (UTC). */
export function isPastCalendarDate(value: string, now: Date = new Date()): boolean {
  return isCalendarDate(value) && value < now.toISOString().slice(0, 10);
}

export const Gender = z.enum(['male', 'female'], { error: messages.genderValue });

/**
 * Bounds of a registration's additional data. It is stored with the order, answered in every
 * order read, hashed for Idempotency-Key and replicated: a few fields of a form, not a document.
 */
export const FORM_DATA_LIMITS = { depth: 5, fields: 50, bytes: 4096 } as const;

/**
 * What is wrong with `value` against FORM_DATA_LIMITS, if anything. It walks the value with a
 * list of its own, not by recursion, so that a value nested thousands of levels deep is measured
 * rather than overflowing the stack; it stops at the first bound passed.
 */
export function formDataProblem(value: Record<string, unknown>): string | undefined {
  const pending: [unknown, number][] = [[value, 1]];
  let fields = 0;
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth > FORM_DATA_LIMITS.depth) return messages.formDataTooDeep(FORM_DATA_LIMITS.depth);
    const children = Object.values(item);
    fields += children.length;
    if (fields > FORM_DATA_LIMITS.fields) return messages.formDataTooManyFields(FORM_DATA_LIMITS.fields);
    for (const child of children) pending.push([child, depth + 1]);
  }
  if (new TextEncoder().encode(JSON.stringify(value)).length > FORM_DATA_LIMITS.bytes) return messages.formDataTooLarge(FORM_DATA_LIMITS.bytes);
  return undefined;
}

export const FormData = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const problem = formDataProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const Registration = z.object({
  name: visible(z.string({ error: messages.nameLength }).trim().min(1, messages.nameLength).max(100, messages.nameLength)),
  email: z.email({ error: messages.emailFormat }).max(254, messages.emailFormat),
  phone: z.string({ error: messages.phoneFormat }).regex(/^\+[1-9]\d{7,14}$/, messages.phoneFormat),
  gender: Gender,
  birthDate: z
    .string({ error: messages.birthDateInvalid })
    .refine(isCalendarDate, messages.birthDateInvalid)
    .refine((v) => isPastCalendarDate(v), messages.birthDateInFuture),
  identityNumber: z.string({ error: messages.identityNumberFormat }).regex(/^\d{16}$/, messages.identityNumberFormat),
  formData: FormData.optional().meta({
    description: `Additional registration data: a JSON object at most ${FORM_DATA_LIMITS.depth} levels deep, with at most ${FORM_DATA_LIMITS.fields} fields and ${FORM_DATA_LIMITS.bytes} bytes as JSON.`,
  }),
});
export type Registration = z.infer<typeof Registration>;
