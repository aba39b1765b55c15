// Previous / Next paging with the current page announced; the one pager of every list.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/web/lib/utils';
import { Button } from './button';

export function Pagination({
  page,
  pageCount,
  onPageChange,
  label,
  summary,
  hideSinglePage = false,
  size = 'default',
  className,
}: {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, such as "Users pages". */
  label: string;
  /** Said after "Page 2 of 5", such as the number of entries. */
  summary?: ReactNode;
  /** A list that fits on one page shows no pager at all (else "Page 1 of 1"). */
  hideSinglePage?: boolean;
  size?: 'default' | 'sm';
  className?: string;
}) {
  if (hideSinglePage && pageCount <= 1) return null;
  const pages = Math.max(1, pageCount);
  return (
    <nav aria-label={label} className={cn('flex flex-wrap items-center gap-3', className)}>
      <Button type="button" variant="outline" size={size} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      <p className="text-muted-foreground text-sm" aria-live="polite">
        Page {Math.min(page, pages)} of {pages}
        {summary ? <> · {summary}</> : null}
      </p>
      <Button type="button" variant="outline" size={size} disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
