/**
 * The registration form: the server's own Registration schema (src/shared), fed with what an
 * operator types. The phone accepts what people say ("0812-3456-7890") and becomes E.164 with +62
 * as the default country; the date of birth is typed as on the identity card (DD-MM-YYYY) and
 * becomes YYYY-MM-DD. After that every rule is the server's, with the server's messages, except
 * where those name the API's formats (E.164, YYYY-MM-DD) rather than what the operator types.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod';
import { messages } from '#shared/messages.js';
import { Gender, Registration } from '#shared/schemas/registration.js';

/** E.164 for a number an Indonesian counter hears; the input unchanged when it is no phone number. */
export function toE164(input: string): string {
  const parsed = parsePhoneNumberFromString(input, 'ID');
  return parsed?.isValid() ? parsed.number : input.trim();
}

/** "17-05-1990", "17/05/1990", "17.05.1990" or "17051990" as 1990-05-17; otherwise the input unchanged. */
export function toIsoDate(input: string): string {
  const text = input.trim();
  const match = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/.exec(text) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (!match) return text;
  const [, day, month, year] = match;
  return `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

/** The server's rule for a text, some of its messages said the way the operator types the value. */
function reworded(schema: z.ZodType<string>, wording: Record<string, string>) {
  return z.string().check((ctx) => {
    for (const issue of schema.safeParse(ctx.value).error?.issues ?? []) {
      ctx.issues.push({ code: 'custom', message: wording[issue.message] ?? issue.message, input: ctx.value });
    }
  });
}

/** An identity number as typed, "3171 0157 0590 0099" with or without its spaces, as its 16 digits. */
export const bareIdentityNumber = (typed: string) => typed.replace(/\s+/g, '');

const CHOOSE_GENDER = 'Pilih jenis kelamin';

export const RegistrationForm = Registration.omit({ formData: true }).extend({
  // An unchecked radio group is null: asked for in words, like an empty one.
  ticketCategoryId: z.string({ error: 'Pilih kategori tiket' }).min(1, 'Pilih kategori tiket'),
  identityNumber: z.string().transform(bareIdentityNumber).pipe(Registration.shape.identityNumber),
  phone: z.string().transform(toE164).pipe(reworded(Registration.shape.phone, { [messages.phoneFormat]: messages.phoneAsSpoken })),
  birthDate: z.string().transform(toIsoDate).pipe(reworded(Registration.shape.birthDate, { [messages.birthDateInvalid]: messages.birthDateAsOnCard })),
  // The server's values; its message names them in English, an operator needs to be asked. An
  // unchecked group is null, which is also what empties it again (react-hook-form's reset keeps a
  // radio checked when told undefined).
  gender: z.enum(Gender.options, { error: CHOOSE_GENDER }).nullable().pipe(z.enum(Gender.options, { error: CHOOSE_GENDER })),
});
export type RegistrationInput = z.input<typeof RegistrationForm>;
export type RegistrationOutput = z.output<typeof RegistrationForm>;

export const EMPTY_REGISTRATION: DefaultValues<RegistrationInput> = { ticketCategoryId: '', identityNumber: '', name: '', birthDate: '', gender: null, phone: '', email: '' };
