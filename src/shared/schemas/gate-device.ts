/**
 * The gate app's own shapes (an extension): pairing a phone or scanner at a gate, what a paired
 * device is for, the copy of an event's tickets it keeps for when it loses the venue's Wi-Fi, and
 * the journal of what it admitted meanwhile.
 */
import { z } from 'zod';
import { VerificationKey } from '../ticket-token.js';
import { Timestamp, visible } from './common.js';

/** Where every instance serves the gate app, and the service worker that keeps it working offline. */
export const GATE_PAGE = '/gate';
export const GATE_SERVICE_WORKER = '/gate-sw.js';

export const GateName = visible(z.string().trim().min(1, 'Nama gerbang wajib diisi').max(100, 'Nama gerbang paling panjang 100 karakter'));

export const GatePairingBody = z.object({
  event: z.string().min(1).max(200).meta({ description: "The event's id or slug: the device checks tickets in for this event only." }),
  gate: GateName.meta({ description: 'The gate the device stands at, e.g. "Gerbang Utara".' }),
});
export type GatePairingBody = z.infer<typeof GatePairingBody>;

/** A short code (8 letters and digits, dash in the middle), typed by hand: no 0/O, 1/I/L. */
export const PAIRING_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PAIRING_CODE_LENGTH = 8;

export const GatePairing = z.object({
  code: z.string().meta({ description: 'The code the device types or scans, e.g. K7QM-2XPA; once, within expiresAt.', examples: ['K7QM-2XPA'] }),
  pairPath: z.string().meta({ description: "The gate app's address with the code, relative to this instance.", examples: ['/gate#pair=K7QM-2XPA'] }),
  pairUrls: z.array(z.string()).meta({
    description: "pairPath in full at each LAN address this instance listens on (the QR code shows the first); empty when it listens on this machine only, where no phone can reach it.",
    examples: [['http://192.168.1.10:8787/gate#pair=K7QM-2XPA']],
  }),
  expiresAt: Timestamp,
  eventName: z.string(),
  gate: z.string(),
});
export type GatePairing = z.infer<typeof GatePairing>;

export const PairGateBody = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Kode pemasangan wajib diisi')
    .max(20)
    // Typed on a phone: "k7qm 2xpa" is K7QM-2XPA.
    .transform((typed) => typed.replace(/[\s-]+/g, '').toUpperCase())
    .meta({ description: 'The pairing code (case, spaces and the dash do not matter).' }),
});

/** An event as a gate needs it. */
export const GateEvent = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  timezone: z.string(),
  reentryAllowed: z.boolean(),
});
export type GateEvent = z.infer<typeof GateEvent>;

export const GateDevice = z.object({
  name: z.string().meta({ description: "The key's name: which device this is." }),
  gate: z.string().nullable().meta({ description: 'The gate the device was paired for; null for a key not made for one gate (the steward types it).' }),
  events: z.array(GateEvent).meta({ description: 'The events it checks tickets in for: one for a paired device, else every event the key may check in.' }),
});
export type GateDevice = z.infer<typeof GateDevice>;

export const PairedGate = z.object({
  key: z.string().meta({ description: "The device's API key, in this answer only: check-in on one event and nothing else." }),
  device: GateDevice,
});
export type PairedGate = z.infer<typeof PairedGate>;

/** A ticket as the gate checks it with no network. */
export const CachedTicket = z.object({
  number: z.string().meta({ description: 'As printed.' }),
  orderId: z.string(),
  name: z.string(),
  category: z.string().meta({ description: "The category's name." }),
  identityNumber: z.string().meta({ description: 'Masked: the first and last 4 digits only.' }),
  refusal: z.enum(['cancelled', 'not_paid', 'refunded']).nullable().meta({ description: 'Why it may not come in at all; null when it may.' }),
  checkIn: z.object({ at: Timestamp, gate: z.string() }).nullable().meta({ description: 'Inside since (its last move was in); null when not inside.' }),
});
export type CachedTicket = z.infer<typeof CachedTicket>;

export const GateSnapshot = z.object({
  takenAt: Timestamp,
  event: GateEvent,
  keys: z.array(VerificationKey).meta({ description: 'The keys that sign the QR codes of this venue: a token is believed offline with one of them.' }),
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
  tickets: z.array(CachedTicket),
});
export type GateSnapshot = z.infer<typeof GateSnapshot>;

export const JOURNAL_BATCH = 200;

export const JournalEntry = z
  .object({
  id: z.string().min(8).max(64).meta({ description: 'Chosen by the device, once per scan: a retried upload records nothing twice.' }),
  direction: z.enum(['entry', 'exit']),
  ticketNumber: z.string().trim().min(1).max(100).optional(),
  token: z.string().min(1).max(4000).optional(),
  gate: GateName,
  at: Timestamp.meta({ description: 'When the device admitted (or let out) the ticket.' }),
  })
  .refine((entry) => (entry.ticketNumber === undefined) !== (entry.token === undefined), { message: 'Tepat satu dari ticketNumber atau token', path: ['ticketNumber'] });
export type JournalEntry = z.infer<typeof JournalEntry>;

export const JournalBody = z.object({ entries: z.array(JournalEntry).min(1).max(JOURNAL_BATCH) });
export type JournalBody = z.infer<typeof JournalBody>;

export const JournalOutcome = z.enum(['admitted', 'exited', 'double', 'refused']);
export type JournalOutcome = z.infer<typeof JournalOutcome>;

export const JournalResult = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      outcome: JournalOutcome.meta({
        description: 'admitted or exited: recorded with its own time; double: the ticket had come in elsewhere meanwhile (reported in the audit log and on the Sync screen); refused: why in message.',
      }),
      message: z.string().nullable(),
    }),
  ),
});
export type JournalResult = z.infer<typeof JournalResult>;
