// A column header that sorts on click and tells assistive technology how the column is sorted.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { TableHead } from './table';

export type SortState = false | 'asc' | 'desc';

export function SortableTableHead({ label, sorted, onSort, className }: { label: ReactNode; sorted: SortState; onSort: () => void; className?: string }) {
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <TableHead className={className} aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
      <button type="button" onClick={onSort} className="hover:text-foreground inline-flex items-center gap-1">
        {label}
        <Icon className="size-3.5" aria-hidden />
      </button>
    </TableHead>
  );
}
