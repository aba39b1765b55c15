// Puts the server's per-field messages next to the matching form fields.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/web/lib/api-client';

/** Returns true when at least one of the server's field errors belongs to a field of this form. */
export function applyFieldErrors<T extends FieldValues>(error: unknown, fieldNames: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = fieldNames.find((n) => n === field);
    if (name) {
      setError(name, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
