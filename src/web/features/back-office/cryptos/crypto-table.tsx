import { createColumnHelper, createSortedRowModel, rowSortingFeature, sortFn_alphanumeric, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { Can } from '@/web/features/back-office/shell/can';
import { MoreHorizontal } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { AdminCrypto } from '@/contracts/cryptos';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { SortableTableHead } from '@/web/components/ui/sortable-table-head';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatAmount, formatDateTime } from '@/web/lib/format';

const features = tableFeatures({ rowSortingFeature, sortedRowModel: createSortedRowModel(), sortFns: { alphanumeric: sortFn_alphanumeric } });
const col = createColumnHelper<typeof features, AdminCrypto>();

// Columns a screen shows beyond currency, state and the row menu, which always fit (a phone, or
// 1280 px beside the sidebar); the edit dialog shows every field.
const SHOW: Partial<Record<string, string>> = { name: 'hidden lg:table-cell', network: 'hidden md:table-cell', rate: 'hidden lg:table-cell', rateUpdatedAt: 'hidden 2xl:table-cell', address: 'hidden xl:table-cell' };

export function CryptoTable({ cryptos, onEdit, onDelete }: { cryptos: AdminCrypto[]; onEdit: (c: AdminCrypto) => void; onDelete: (c: AdminCrypto) => void }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = useMemo(
    () =>
      col.columns([
      col.accessor('code', {
        header: () => 'Currency',
        cell: ({ row }) => (
          <span className="flex items-center gap-2 font-medium">
            <img src={row.original.iconUrl} alt="" width={20} height={20} className="size-5" />
            <span>
              {row.original.code}
              <span className="text-muted-foreground block text-xs font-normal lg:hidden">{row.original.name}</span>
            </span>
          </span>
        ),
      }),
      col.accessor('name', { header: () => 'Name' }),
      col.accessor('network', {
        header: () => 'Network',
        cell: ({ row }) => (row.original.network === 'evm' ? `EVM ${String(row.original.chainId ?? '')}` : row.original.network),
      }),
      col.accessor('rate', {
        header: () => 'Rate',
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex items-center gap-2 whitespace-nowrap">
            {row.original.rate ? formatAmount(row.original.rate) : '—'}
            <span className="text-muted-foreground text-xs">{row.original.rateSource}</span>
            {row.original.stale ? <Badge variant="warning">stale</Badge> : null}
          </span>
        ),
      }),
      col.accessor('rateUpdatedAt', {
        header: () => 'Rate updated',
        enableSorting: false,
        cell: ({ getValue }) => {
          const v = getValue();
          return <span className="whitespace-nowrap">{v ? formatDateTime(v) : 'never'}</span>;
        },
      }),
      col.accessor('address', {
        header: () => 'Address',
        enableSorting: false,
        cell: ({ getValue }) => {
          const v = getValue();
          return v ? (
            <span title={v} className="block max-w-[12rem] truncate font-mono text-xs">
              {v}
            </span>
          ) : (
            <span className="text-muted-foreground">none</span>
          );
        },
      }),
      col.accessor('offered', {
        header: () => 'State',
        cell: ({ row }) =>
          row.original.offered ? <Badge variant="success">Offered</Badge> : <Badge variant="secondary">{row.original.enabled ? 'Not offered' : 'Disabled'}</Badge>,
      }),
      col.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) => (
          <Can need="manage">
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" aria-label={`Actions for ${row.original.code}`}>
                  <MoreHorizontal aria-hidden />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={() => onEdit(row.original)}>Edit crypto</DropdownMenuItem>
                <DropdownMenuItem variant="destructive" onSelect={() => onDelete(row.original)}>
                  Delete crypto
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          </Can>
        ),
      }),
      ]),
    [onEdit, onDelete],
  );
  const table = useTable({ features, columns, data: cryptos, state: { sorting }, onSortingChange: setSorting });

  return (
    <Table aria-label="All currencies">
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id}>
            {group.headers.map((header) =>
              header.column.getCanSort() ? (
                <SortableTableHead
                  key={header.id}
                  className={SHOW[header.column.id]}
                  label={<table.FlexRender header={header} />}
                  sorted={header.column.getIsSorted()}
                  onSort={() => header.column.toggleSorting()}
                />
              ) : (
                <TableHead key={header.id} className={SHOW[header.column.id]}>
                  <table.FlexRender header={header} />
                </TableHead>
              ),
            )}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {table.getRowModel().rows.map((row) => (
          <TableRow key={row.id}>
            {row.getAllCells().map((cell) => (
              <TableCell key={cell.id} className={SHOW[cell.column.id]}>
                <table.FlexRender cell={cell} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
