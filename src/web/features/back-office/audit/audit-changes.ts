// Turns an audit entry's before and after snapshots into the list of fields that changed.
import { formatDateTime } from '@/web/lib/format';

export interface AuditChange {
  /** Dotted path, such as `faq.2.answer`. */
  field: string;
  before: string;
  after: string;
}

const MAX_SHOWN = 140;

/** Leaves of a JSON value by dotted path; an empty object or list is a leaf of its own. */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix !== '' || (value !== null && value !== undefined)) {
    out.set(prefix || 'value', value);
  }
  return out;
}

/** An instant as the server stores it in a snapshot ("2026-11-23T14:05:00.000Z"). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function show(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  // Instants read in the operator's time zone, named, as everywhere else on the back-office.
  if (typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** The fields whose value differs between `before` and `after`, in the order they first appear. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const b = flatten(before, '', new Map());
  const a = flatten(after, '', new Map());
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  return fields.filter((f) => JSON.stringify(b.get(f)) !== JSON.stringify(a.get(f))).map((field) => ({ field, before: show(b.get(field)), after: show(a.get(field)) }));
}
