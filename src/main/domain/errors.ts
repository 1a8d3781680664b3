import type { ErrorCode, FieldError } from '../../shared/schemas/common.js';

/**
 * A refusal the domain decides: a code (which the HTTP layer alone maps to a status), an
 * Indonesian message for people, and field-level details where a field is to blame.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field, message }]);
}
