import { auditChanges } from './audit-changes';

/** What one change did, field by field, folded under a count. */
export function AuditChangeDetails({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return <p className="text-muted-foreground text-sm">No field changed.</p>;
  return (
    <details className="group text-sm">
      <summary className="text-primary cursor-pointer select-none">
        {changes.length === 1 ? '1 field changed' : `${changes.length} fields changed`}
      </summary>
      <ul className="mt-2 grid gap-1" aria-label="Changed fields">
        {changes.map((c) => (
          <li key={c.field} className="break-words">
            <span className="font-mono text-xs">{c.field}</span>: <span className="text-muted-foreground line-through decoration-1">{c.before}</span> →{' '}
            <span>{c.after}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
