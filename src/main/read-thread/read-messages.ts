/**
 * What serve's main thread and its read thread say to each other. Both sides are this program's
 * own code, so the messages are typed, not parsed; an error crosses as its parts, since a thread's
 * message keeps no class.
 */
import type { ErrorCode, FieldError } from '#shared/schemas/common.js';
import { AppError } from '../domain/errors.js';
import type { ReadName, Reads } from './reads.js';

export interface ReadThreadData {
  /** The counter's database file. */
  file: string;
}

export interface ReadRequest<K extends ReadName = ReadName> {
  id: number;
  read: K;
  args: Parameters<Reads[K]>;
  /** Where the counter is reached, for the links in what is read: known once serve listens. */
  publicBaseUrl: string;
}

type ThreadError =
  | { code: ErrorCode; message: string; details?: FieldError[]; retryAfterSeconds?: number }
  | { code?: undefined; message: string; stack?: string };

export type ReadReply = { id: number; value: unknown; error?: undefined } | { id: number; error: ThreadError };

export function threadError(error: unknown): ThreadError {
  if (error instanceof AppError) return { code: error.code, message: error.message, details: error.details, retryAfterSeconds: error.retryAfterSeconds };
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

/** The error again on the main thread: a refusal keeps its code, anything else its message and stack. */
export function rethrown(error: ThreadError): Error {
  if (error.code) return new AppError(error.code, error.message, error.details, error.retryAfterSeconds);
  const again = new Error(`read thread: ${error.message}`);
  if (error.stack) again.stack = `${again.message}\n${error.stack}`;
  return again;
}
