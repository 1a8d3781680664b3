/**
 * What serve's main thread and its report thread say to each other. Both sides are this program's
 * own code, so the messages are typed, not parsed; an error crosses as its parts, since a thread's
 * message keeps no class.
 */
import type { SalesReport, SalesReportQuery } from '#shared/schemas/sales-report.js';
import type { ErrorCode, FieldError } from '#shared/schemas/common.js';
import type { Actor } from '../domain/access.js';
import { AppError } from '../domain/errors.js';

export interface ReportThreadData {
  /** The counter's database file. */
  file: string;
}

export interface ReportRequest {
  id: number;
  actor: Actor;
  query: SalesReportQuery;
}

type ThreadError =
  | { code: ErrorCode; message: string; details?: FieldError[]; retryAfterSeconds?: number }
  | { code?: undefined; message: string; stack?: string };

export type ReportReply = { id: number; report: SalesReport; error?: undefined } | { id: number; error: ThreadError };

export function threadError(error: unknown): ThreadError {
  if (error instanceof AppError) return { code: error.code, message: error.message, details: error.details, retryAfterSeconds: error.retryAfterSeconds };
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  return { message: String(error) };
}

/** The error again on the main thread: a refusal keeps its code, anything else its message and stack. */
export function rethrown(error: ThreadError): Error {
  if (error.code) return new AppError(error.code, error.message, error.details, error.retryAfterSeconds);
  const again = new Error(`report thread: ${error.message}`);
  if (error.stack) again.stack = `${again.message}\n${error.stack}`;
  return again;
}
