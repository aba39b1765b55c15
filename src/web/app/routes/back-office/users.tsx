import { Download, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { USERS_PER_PAGE_MESSAGE } from '@/contracts/users';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useAdminUsers } from '@/web/api/admin/users';
import { AdminPage } from '@/web/features/back-office/components/admin-layout';
import { Pager } from '@/web/features/back-office/components/pager';
import { formatAmount, formatDateTime } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { useDocumentTitle } from '@/web/lib/use-document-title';

/** 1–100 whole users per page, else the message the server gives. */
function pageSizeProblem(text: string): string | null {
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 100 ? null : USERS_PER_PAGE_MESSAGE;
}

export function Component() {
  useDocumentTitle('Users');
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [pageSizeText, setPageSizeText] = useState('20');
  const { data, isPending, isError } = useAdminUsers({ page, pageSize, search });
  const sizeProblem = pageSizeProblem(pageSizeText);

  return (
    <AdminPage
      title="All Users"
      description={data ? `Total Users: ${data.total}` : undefined}
      actions={
        <Button asChild variant="outline">
          <a href="/api/admin/users.csv" download>
            <Download aria-hidden /> Export CSV
          </a>
        </Button>
      }
    >
      <div className="flex flex-wrap items-start gap-4">
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(typed.trim());
            setPage(1);
          }}
        >
          <FormField label="Search by name or e-mail">
            <Input type="search" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} className="w-64" />
          </FormField>
          <Button type="submit" variant="outline" aria-label="Search">
            <Search aria-hidden />
          </Button>
        </form>
        <FormField label="Users per page" error={sizeProblem ?? undefined}>
          <Input
            inputMode="numeric"
            className="w-24"
            value={pageSizeText}
            onChange={(e) => {
              setPageSizeText(e.target.value);
              if (!pageSizeProblem(e.target.value)) {
                setPageSize(Number(e.target.value));
                setPage(1);
              }
            }}
          />
        </FormField>
      </div>
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
          <Table aria-label="Users">
            <TableHeader>
              <TableRow>
                <TableHead className="hidden sm:table-cell">ID</TableHead>
                <TableHead>Name</TableHead>
                <TableHead className="hidden md:table-cell">Email</TableHead>
                <TableHead className="hidden xl:table-cell">Phone</TableHead>
                <TableHead>Balance</TableHead>
                <TableHead className="hidden lg:table-cell">Level</TableHead>
                <TableHead className="hidden lg:table-cell">Registered</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.users.map((u) => (
                <TableRow key={u.id}>
                  <TableCell className="hidden sm:table-cell">{u.id}</TableCell>
                  <TableCell>
                    <Link to={paths.admin.user(u.id)} className="text-primary underline-offset-4 hover:underline">
                      {u.name}
                    </Link>
                    {/* On narrow screens the e-mail sits under the name instead of in its own column. */}
                    <span className="text-muted-foreground block max-w-[12rem] truncate text-xs md:hidden">{u.email}</span>
                  </TableCell>
                  <TableCell className="hidden break-all md:table-cell">{u.email}</TableCell>
                  <TableCell className="hidden xl:table-cell">{u.phone || <span className="text-muted-foreground">—</span>}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatAmount(u.balance)}</TableCell>
                  <TableCell className="hidden lg:table-cell">{u.level ?? <span className="text-muted-foreground">—</span>}</TableCell>
                  <TableCell className="hidden whitespace-nowrap lg:table-cell">{formatDateTime(u.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} label="Users" />
        </>
      )}
    </AdminPage>
  );
}
