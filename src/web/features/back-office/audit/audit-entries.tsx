import { ROLE_LABELS } from '@/contracts/permissions';
import { Badge } from '@/web/components/ui/badge';
import type { AuditPage } from '@/web/api/audit';
import { formatDateTime } from '@/web/lib/format';
import { auditActionLabel } from './audit-labels';
import { AuditChangeDetails } from './audit-change-details';

export function AuditEntries({ entries }: { entries: AuditPage['entries'] }) {
  return (
    <ol className="divide-y rounded-md border" aria-label="Audit log">
      {entries.map((e) => (
        <li key={e.id} className="grid gap-2 p-3 sm:grid-cols-[12rem_1fr]">
          <div className="text-muted-foreground text-sm">
            <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
            <div>
              by {e.operator}
              {e.role ? ` (${ROLE_LABELS[e.role]})` : null}
            </div>
          </div>
          <div className="grid min-w-0 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{auditActionLabel(e.action)}</Badge>
              <span className="text-muted-foreground font-mono text-xs break-all">{e.entity}</span>
            </div>
            <AuditChangeDetails before={e.before} after={e.after} />
          </div>
        </li>
      ))}
    </ol>
  );
}
