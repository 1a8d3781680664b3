import { z } from 'zod';
import { Timestamp, Ulid, visible } from './common.js';

/** A local API key as listed: never the key itself, only the first characters that identify it. */
export const ApiKeyInfo = z.object({
  id: Ulid,
  /** Whose key it is: the key carries exactly this user's rights. */
  user: z.object({ id: Ulid, email: z.string(), name: z.string() }),
  /** What the key is for, chosen by its creator ("scanner gerbang utara"). */
  name: z.string(),
  prefix: z.string(),
  gate: z
    .object({ eventId: z.string(), gate: z.string() })
    .nullable()
    .meta({ description: "A paired gate device's key: it checks tickets in for this event, at this gate, and does nothing else. null for any other key." }),
  expiresAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
  lastUsedAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfo>;

export const CreateApiKeyBody = z.object({
  name: visible(z.string().trim().min(1, 'Nama kunci wajib diisi').max(100, 'Nama kunci paling panjang 100 karakter')),
  expiresAt: Timestamp.optional(),
  userId: Ulid.optional().meta({ description: "Whose key (default: the caller's own); another operator's only for the counter's owner (super_admin)." }),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** The answer to a creation: the key in full, this once, and its listing. */
export const CreatedApiKey = z.object({
  key: z.string().nullable().meta({ description: 'The key in full, in the first answer only; null in a replay (Idempotent-Replayed: true).' }),
  info: ApiKeyInfo,
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyParams = z.object({ keyId: Ulid });
