import type { ErrorCode, FieldError } from '#shared/schemas/common.js';

/**
 * A refusal the domain decides: a code (which the HTTP layer alone maps to a status), an
 * Indonesian message for people, field-level details where a field is to blame, and for a refusal
 * that lifts with time (too many attempts) when to try again.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field, message }]);
}
