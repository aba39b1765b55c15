import { useState } from 'react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { NativeSelect } from '@/web/components/ui/native-select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAuditPage, type AuditFilters } from '@/web/api/admin/audit';
import { AdminPage } from '@/web/features/back-office/components/admin-layout';
import { auditChanges } from '@/web/features/back-office/components/audit-changes';
import { formatDateTime } from '@/web/lib/format';
import { useDocumentTitle } from '@/web/lib/use-document-title';

/** A yyyy-mm-dd date input → the instant its day starts in the browser's zone; `nextDay` gives the day after. */
function dayStart(value: string, nextDay = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + (nextDay ? 1 : 0)).toISOString();
}

function Changes({ before, after }: { before: unknown; after: unknown }) {
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

export function Component() {
  useDocumentTitle('Audit log');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState('');
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const filters: AuditFilters = { action: action || undefined, from: dayStart(fromDay), to: dayStart(toDay, true) };
  const { data, isError } = useAuditPage(page, 25, filters);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = action !== '' || fromDay !== '' || toDay !== '';
  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };

  return (
    <AdminPage title="Audit log" description="Every operator change to money and settings, newest first. Times are in your time zone.">
      <form role="search" aria-label="Filter the audit log" className="grid items-end gap-3 sm:grid-cols-[minmax(12rem,1fr)_auto_auto_auto]" onSubmit={(e) => e.preventDefault()}>
        <FormField label="Kind of change">
          <NativeSelect value={action} onChange={(e) => change(setAction)(e.target.value)}>
            <option value="">All kinds</option>
            {(data?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="From">
          <Input type="date" value={fromDay} max={toDay || undefined} onChange={(e) => change(setFromDay)(e.target.value)} />
        </FormField>
        <FormField label="To">
          <Input type="date" value={toDay} min={fromDay || undefined} onChange={(e) => change(setToDay)(e.target.value)} />
        </FormField>
        <Button
          type="button"
          variant="outline"
          disabled={!filtered}
          onClick={() => {
            setAction('');
            setFromDay('');
            setToDay('');
            setPage(1);
          }}
        >
          Clear filters
        </Button>
      </form>
      {isError ? (
        <p role="alert" className="text-destructive">
          The audit log could not be loaded.
        </p>
      ) : !data ? (
        <Skeleton className="h-64" aria-busy="true" aria-label="Loading the audit log" />
      ) : data.entries.length === 0 ? (
        <p className="text-muted-foreground">{filtered ? 'No changes match these filters.' : 'No changes recorded yet.'}</p>
      ) : (
        <>
          <ol className="divide-y rounded-md border" aria-label="Audit log">
            {data.entries.map((e) => (
              <li key={e.id} className="grid gap-2 p-3 sm:grid-cols-[12rem_1fr]">
                <div className="text-muted-foreground text-sm">
                  <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                  <div>by {e.operator}</div>
                </div>
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant="secondary" className="font-mono">
                      {e.action}
                    </Badge>
                    <span className="text-muted-foreground font-mono text-xs break-all">{e.entity}</span>
                  </div>
                  <Changes before={e.before} after={e.after} />
                </div>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="outline" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
              Previous
            </Button>
            <span className="text-muted-foreground text-sm">
              Page {page} of {pages} · {data.total === 1 ? '1 entry' : `${data.total} entries`}
            </span>
            <Button variant="outline" onClick={() => setPage((p) => p + 1)} disabled={page >= pages}>
              Next
            </Button>
          </div>
        </>
      )}
    </AdminPage>
  );
}
