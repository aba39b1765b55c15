import { Link } from 'react-router';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import type { AdminUser } from '@/contracts/users';
import { formatAmount, formatDateTime } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';

export function UsersTable({ users }: { users: AdminUser[] }) {
  return (
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
        {users.map((u) => (
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
  );
}
