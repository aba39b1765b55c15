// Previous / Next paging with the current page announced.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/web/lib/utils';
import { Button } from './button';

export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pagination',
  className,
}: {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-2', className)}>
      <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      <Button type="button" variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
