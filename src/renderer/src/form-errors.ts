/**
 * The service's field errors shown at their fields: `details[].field` names the body path
 * ("registration.identityNumber"); a form maps its own fields onto those paths.
 */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ApiError } from './api/client';

/** Sets each field error the form has a field for; returns whether any was shown at a field. */
export function serverErrorsTo<T extends FieldValues>(form: UseFormReturn<T>, error: ApiError, fieldOf: (path: string) => string | undefined = (path) => path): boolean {
  const fields = new Set(Object.keys(form.getValues()));
  let shown = false;
  for (const detail of error.details) {
    const field = fieldOf(detail.field);
    if (field && fields.has(field)) {
      form.setError(field as Path<T>, { type: 'server', message: detail.message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}
