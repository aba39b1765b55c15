import { Button } from '@/web/components/ui/button';

/** Previous / Next with where we are; pages count from 1. */
export function Pager({ page, pageSize, total, onPage, label }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center gap-3">
      <Button variant="outline" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <span className="text-muted-foreground text-sm">
        Page {Math.min(page, pages)} of {pages}
      </span>
      <Button variant="outline" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
      </Button>
    </nav>
  );
}
