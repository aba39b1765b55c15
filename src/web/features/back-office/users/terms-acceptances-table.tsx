import { Link } from 'react-router';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import type { AdminUserDetail } from '@/contracts/users';
import { formatDateTime } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';

/** What the buyer accepted (issue 34): each terms version with its hash, when, and from which address. */
export function TermsAcceptancesTable({ acceptances }: { acceptances: AdminUserDetail['termsAcceptances'] }) {
  if (acceptances.length === 0) return <p className="text-muted-foreground text-sm">No terms accepted on record: they are asked before their next order.</p>;
  return (
    <Table aria-label="Terms accepted">
      <TableHeader>
        <TableRow>
          <TableHead>Version</TableHead>
          <TableHead>Accepted</TableHead>
          <TableHead>Address</TableHead>
          <TableHead>SHA-256 of the text</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {acceptances.map((a) => (
          <TableRow key={a.version}>
            <TableCell>
              <Link to={paths.termsVersion(a.version)} target="_blank" className="text-primary underline">
                Version {a.version}
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">{formatDateTime(a.acceptedAt)}</TableCell>
            <TableCell className="font-mono text-xs">{a.ipAddress || '—'}</TableCell>
            <TableCell className="font-mono text-xs break-all">{a.sha256}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
