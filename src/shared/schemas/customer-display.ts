/**
 * The customer display (an extension): a screen facing the customer, paired with a counter by a
 * code, that shows what the counter shows them: the basket's lines, the total, how to pay while a
 * QRIS or transfer payment is awaited, the change, and a thank-you. What it can be sent has no
 * place for an identity number, a phone or an e-mail: only names, categories and amounts.
 */
import { z } from 'zod';
import { messages } from '../messages.js';
import { Decimal, Timestamp, Ulid } from './common.js';
import { PaymentMethod } from './payment.js';

/** An e-mail address, or a run of 8 digits or more once spaces, dots, dashes and brackets are gone: a phone or an identity number. */
const PERSONAL = [/[^\s@]+@[^\s@]+\.[^\s@]+/, /\d{8,}/];
const carriesPersonalData = (text: string) => PERSONAL.some((pattern) => pattern.test(text.replace(/[\s.()-]/g, '')) || pattern.test(text));

/** What the customer reads: a name, a category, an event; never an identity number, a phone or an e-mail. */
const Text = z
  .string()
  .trim()
  .max(120)
  .refine((text) => !carriesPersonalData(text), messages.displayPersonalData);

export const DisplayLine = z.strictObject({
  holder: Text.meta({ examples: ['Dewi Lestari'] }),
  category: Text.meta({ examples: ['Harian'] }),
  amount: Decimal,
});
export type DisplayLine = z.infer<typeof DisplayLine>;

const lines = z.array(DisplayLine).max(50);

/** What the counter shows its customer, by where the sale is. */
export const DisplayView = z
  .discriminatedUnion('stage', [
    /** No sale under way: a welcome. */
    z.strictObject({ stage: z.literal('welcome'), eventName: Text.optional() }),
    /** Attendees being added, or the sale waiting for its payment. */
    z.strictObject({ stage: z.literal('basket'), eventName: Text.optional(), lines, total: Decimal }),
    /** A QRIS or transfer payment the counter waits to see arrive: the display says how to pay. */
    z.strictObject({ stage: z.literal('awaiting'), eventName: Text.optional(), lines, total: Decimal, method: PaymentMethod }),
    /** Paid: the change to give back (cash), and thanks. */
    z.strictObject({ stage: z.literal('paid'), eventName: Text.optional(), lines, total: Decimal, change: Decimal.optional() }),
  ])
  .meta({ description: 'The customer display\'s content. Names, categories and amounts only: no identity number, phone or e-mail has a field here.' });
export type DisplayView = z.infer<typeof DisplayView>;

/** A display's pairing code: six digits, shown on the display, typed at the counter. */
const PairingCode = z.string().regex(/^\d{6}$/, messages.displayCodeShape).meta({ examples: ['482913'] });

export const DisplayRegistration = z.object({
  id: Ulid,
  /** The display's secret, sent back in the X-Display-Key header; kept by the display alone. */
  key: z.string().meta({ examples: ['disp_3kTqv…'] }),
  pairingCode: PairingCode,
  codeExpiresAt: Timestamp,
});
export type DisplayRegistration = z.infer<typeof DisplayRegistration>;

/** What a display shows now: its pairing code until a counter takes it, then that counter's view. */
export const DisplayScreen = z.discriminatedUnion('paired', [
  z.object({ paired: z.literal(false), pairingCode: PairingCode, codeExpiresAt: Timestamp }),
  z.object({
    paired: z.literal(true),
    /** The counter's name (settings counterName). */
    counter: z.string(),
    view: DisplayView,
    /** While a QRIS payment is awaited: the venue's QRIS code with the amount written in. */
    qris: z.string().optional(),
    /** While a transfer is awaited: the venue's instructions (settings transferInstructions). */
    transferInstructions: z.string().optional(),
  }),
]);
export type DisplayScreen = z.infer<typeof DisplayScreen>;

export const PairDisplayBody = z.strictObject({ code: PairingCode });

/** A display paired with the caller's counter. */
export const PairedDisplay = z.object({ id: Ulid, pairedAt: Timestamp, lastSeenAt: Timestamp.nullable() });
export type PairedDisplay = z.infer<typeof PairedDisplay>;

/** Where the service serves the display's page (the renderer, which tells it by this path). */
export const DISPLAY_PAGE = '/display';

/** The header a display sends its key in: a display has no login, and its key opens nothing else. */
export const DISPLAY_KEY_HEADER = 'x-display-key';

export const DisplayParams = z.object({ displayId: Ulid });
