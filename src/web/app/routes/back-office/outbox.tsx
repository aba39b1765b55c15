import { useState } from 'react';
import { Pagination } from '@/web/components/ui/pagination';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useOutbox } from '@/web/api/mail';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { NotificationsCard } from '@/web/features/back-office/mail/notifications-card';
import { OutboxMessageDialog, OutboxTable } from '@/web/features/back-office/mail/outbox-table';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const PAGE_SIZE = 25;

export function Component() {
  useDocumentTitle('Outbox');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const { data, isError } = useOutbox(page, PAGE_SIZE);
  return (
    <AdminPage title="Outbox" description="Every e-mail Presale made, newest first, with what the mail server answered. Times are in your time zone.">
      <NotificationsCard />
      {data && !data.sending ? (
        <p role="note" className="border-warning/50 bg-warning/10 rounded-md border p-3 text-sm">
          No mail server is set (SMTP_URL), so messages are kept here instead of sent. Open one to read it and follow its links.
        </p>
      ) : null}
      {isError ? (
        <p role="alert" className="text-destructive">
          The outbox could not be loaded.
        </p>
      ) : !data ? (
        <Skeleton className="h-64" aria-busy="true" aria-label="Loading the outbox" />
      ) : data.mails.length === 0 ? (
        <p className="text-muted-foreground">No messages yet.</p>
      ) : (
        <>
          <OutboxTable mails={data.mails} onOpen={setOpen} />
          <Pagination page={page} pageCount={Math.max(1, Math.ceil(data.total / data.pageSize))} onPageChange={setPage} label="Outbox pages" summary={data.total === 1 ? '1 message' : `${data.total} messages`} />
        </>
      )}
      <OutboxMessageDialog id={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}
