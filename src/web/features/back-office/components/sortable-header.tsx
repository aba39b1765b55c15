
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';

/** A column header that sorts on click and says how it is sorted. */
interface SortableColumn {
  getIsSorted: () => false | 'asc' | 'desc';
  getToggleSortingHandler: () => ((event: unknown) => void) | undefined;
}

export function SortableHeader({ column, label }: { column: SortableColumn; label: string }) {
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <button type="button" onClick={column.getToggleSortingHandler()} className="hover:text-foreground inline-flex items-center gap-1">
      {label}
      <Icon className="size-3.5" aria-hidden />
    </button>
  );
}
