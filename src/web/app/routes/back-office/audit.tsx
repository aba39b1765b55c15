import { useState } from 'react';
import { Pagination } from '@/web/components/ui/pagination';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAuditPage } from '@/web/api/audit';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { AuditEntries } from '@/web/features/back-office/audit/audit-entries';
import { AuditFilters, hasAuditFilters, NO_AUDIT_FILTERS, type AuditFilterValues } from '@/web/features/back-office/audit/audit-filters';
import { dayStart } from '@/web/features/back-office/audit/day-start';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Audit log');
  const [page, setPage] = useState(1);
  const [values, setValues] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const { data, isError } = useAuditPage(page, 25, { action: values.action || undefined, operator: values.operator || undefined, from: dayStart(values.fromDay), to: dayStart(values.toDay, true) });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // Other filters give other pages: start again at the first.
  const onFilter = (next: AuditFilterValues) => {
    setValues(next);
    setPage(1);
  };

  return (
    <AdminPage title="Audit log" description="Every operator change to money and settings, newest first. Times are in your time zone.">
      <AuditFilters values={values} actions={data?.actions ?? []} operators={data?.operators ?? []} onChange={onFilter} />
      {isError ? (
        <p role="alert" className="text-destructive">
          The audit log could not be loaded.
        </p>
      ) : !data ? (
        <Skeleton className="h-64" aria-busy="true" aria-label="Loading the audit log" />
      ) : data.entries.length === 0 ? (
        <p className="text-muted-foreground">{hasAuditFilters(values) ? 'No changes match these filters.' : 'No changes recorded yet.'}</p>
      ) : (
        <>
          <AuditEntries entries={data.entries} />
          <Pagination page={page} pageCount={pages} onPageChange={setPage} label="Audit log pages" summary={data.total === 1 ? '1 entry' : `${data.total} entries`} />
        </>
      )}
    </AdminPage>
  );
}
