/** The receipt printer's queue as the counter shows it (printing/print-queue.ts). */
import { z } from 'zod';
import { Timestamp, Ulid } from './common.js';

export const PrintJobState = z.enum(['waiting', 'printing', 'printed', 'interrupted', 'cancelled']).meta({
  description: 'waiting (stored, to be sent in order; the printer may be off or out of paper: lastError says); printing; printed; interrupted (cut off by a crash mid-send: it may have printed, an operator retries or cancels it); cancelled.',
});
export type PrintJobState = z.infer<typeof PrintJobState>;

export const PrintJob = z.object({
  id: Ulid,
  title: z.string().meta({ examples: ['Invoice INV/LOKET-1/2026/000123'] }),
  state: PrintJobState,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdBy: z.string(),
  createdAt: Timestamp,
  printedAt: Timestamp.nullable(),
});
export type PrintJob = z.infer<typeof PrintJob>;

export const PrintJobParams = z.object({ jobId: Ulid });
