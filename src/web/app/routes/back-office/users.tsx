import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { Pagination } from '@/web/components/ui/pagination';
import { useAdminUsers, usersCsvUrl } from '@/web/api/users';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { UsersFilters } from '@/web/features/back-office/users/users-filters';
import { UsersTable } from '@/web/features/back-office/users/users-table';
import { useDocumentTitle } from '@/web/lib/use-document-title';

/** A search counts its matches, not the users: "Total Users: 0" would say there are none at all. */
function searchSummary(search: string, matches: number): string {
  if (matches === 0) return `No user matches “${search}”.`;
  return matches === 1 ? `1 user matches “${search}”.` : `${matches} users match “${search}”.`;
}

export function Component() {
  useDocumentTitle('Users');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const { data, isPending, isError } = useAdminUsers({ page, pageSize, search });

  return (
    <AdminPage
      title="All Users"
      description={data ? (search ? searchSummary(search, data.total) : `Total Users: ${data.total}`) : undefined}
      actions={
        <Button asChild variant="outline">
          <a href={usersCsvUrl} download>
            <Download aria-hidden /> Export CSV
          </a>
        </Button>
      }
    >
      <UsersFilters
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        onPageSize={(value) => {
          setPageSize(value);
          setPage(1);
        }}
      />
      {isError ? (
        <p role="alert" className="text-destructive">
          The users could not be loaded.
        </p>
      ) : isPending ? (
        <p aria-busy="true">Loading users...</p>
      ) : data.users.length === 0 ? (
        <p className="text-muted-foreground">No users found.</p>
      ) : (
        <>
          <UsersTable users={data.users} />
          <Pagination page={page} pageCount={Math.ceil(data.total / pageSize)} onPageChange={setPage} label="Users pages" />
        </>
      )}
    </AdminPage>
  );
}
