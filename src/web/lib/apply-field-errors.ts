// Puts the server's per-field messages next to the matching form fields, and brings the first into view.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/web/lib/api-client';

/** Whether `field` (a server path such as `faq.2.answer`) is `name` or lies inside it. */
const within = (field: string, name: string) => field === name || field.startsWith(`${name}.`);

/**
 * Returns true when at least one of the server's field errors belongs to a field of this form.
 * A nested path (`items.0.title`) goes to the closest field the form names; the first is focused,
 * which scrolls it into view.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, fieldNames: readonly Path<T>[], setError: UseFormSetError<T>): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = fieldNames.filter((n) => within(field, n)).sort((a, b) => b.length - a.length)[0];
    if (name) {
      setError(name, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}

/** Messages by dotted path (`faq.2.answer`) from a server error or from Zod issues; the first per path wins. */
export function fieldMessages(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (source instanceof ApiError) {
    for (const [field, message] of Object.entries(source.fields)) out[field] ??= message;
  } else if (Array.isArray(source)) {
    for (const issue of source as { path: readonly PropertyKey[]; message: string }[]) out[issue.path.map(String).join('.') || '_'] ??= issue.message;
  }
  return out;
}

/**
 * For forms without react-hook-form: focuses and scrolls to the first control (in page order)
 * whose `name` is one of `paths`, or lies inside one of them. Returns whether one was found.
 */
export function focusFirstField(form: HTMLElement | null, paths: readonly string[]): boolean {
  if (!form || paths.length === 0) return false;
  const controls = Array.from(form.querySelectorAll<HTMLElement & { name: string }>('input[name], textarea[name], select[name], fieldset[name]'));
  // A control at or inside an error's path; else the closest one around it (a list for `faq.2`).
  const first = controls.find((c) => paths.some((p) => within(c.name, p))) ?? controls.find((c) => paths.some((p) => within(p, c.name)));
  if (!first) return false;
  first.scrollIntoView({ block: 'center', behavior: 'smooth' });
  // A list (fieldset) takes no focus itself: its first control does.
  const focusable = first instanceof HTMLFieldSetElement ? first.querySelector<HTMLElement>('input, textarea, select, button') : first;
  focusable?.focus({ preventScroll: true });
  return true;
}
