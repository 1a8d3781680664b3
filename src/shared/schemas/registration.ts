import { z } from 'zod';
import { messages } from '../messages.js';

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

export const Registration = z.object({
  name: z.string({ error: messages.nameLength }).trim().min(1, messages.nameLength).max(100, messages.nameLength),
  email: z.email({ error: messages.emailFormat }).max(254, messages.emailFormat),
  phone: z.string({ error: messages.phoneFormat }).regex(/^\+[1-9]\d{7,14}$/, messages.phoneFormat),
  gender: Gender,
  birthDate: z
    .string({ error: messages.birthDateInvalid })
    .refine(isCalendarDate, messages.birthDateInvalid)
    .refine((v) => isPastCalendarDate(v), messages.birthDateInFuture),
  identityNumber: z.string({ error: messages.identityNumberFormat }).regex(/^\d{16}$/, messages.identityNumberFormat),
  formData: z.record(z.string(), z.unknown()).optional(),
});
export type Registration = z.infer<typeof Registration>;
