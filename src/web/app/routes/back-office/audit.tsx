import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useAuditPage } from '@/web/features/back-office/api/audit';
import { AdminPage } from '@/web/features/back-office/components/admin-layout';
import { formatDateTime } from '@/web/lib/format';
import { useDocumentTitle } from '@/web/lib/use-document-title';

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-muted-foreground">—</span>;
  return <pre className="bg-muted max-w-md overflow-x-auto rounded p-2 text-xs whitespace-pre-wrap break-all">{JSON.stringify(value, null, 1)}</pre>;
}

export function Component() {
  useDocumentTitle('Audit log');
  const [page, setPage] = useState(1);
  const { data, isError } = useAuditPage(page);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <AdminPage title="Audit log" description="Every operator change to money and settings, newest first. Times are in your time zone.">
      {isError ? (
        <p role="alert" className="text-destructive">
          The audit log could not be loaded.
        </p>
      ) : !data ? (
        <Skeleton className="h-64" aria-busy="true" aria-label="Loading the audit log" />
      ) : data.entries.length === 0 ? (
        <p className="text-muted-foreground">No changes recorded yet.</p>
      ) : (
        <>
          <Table aria-label="Audit log">
            <TableHeader>
              <TableRow>
                <TableHead>Time</TableHead>
                <TableHead>Operator</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>Entity</TableHead>
                <TableHead>Before</TableHead>
                <TableHead>After</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.entries.map((e) => (
                <TableRow key={e.id} className="align-top">
                  <TableCell className="whitespace-nowrap">{formatDateTime(e.createdAt)}</TableCell>
                  <TableCell>{e.operator}</TableCell>
                  <TableCell className="font-mono text-xs">{e.action}</TableCell>
                  <TableCell className="font-mono text-xs">{e.entity}</TableCell>
                  <TableCell>
                    <Json value={e.before} />
                  </TableCell>
                  <TableCell>
                    <Json value={e.after} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div className="flex items-center gap-3">
            <Button variant="outline" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
              Previous
            </Button>
            <span className="text-muted-foreground text-sm">
              Page {page} of {pages} · {data.total} entries
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
