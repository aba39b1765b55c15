import { Skeleton } from '@/web/components/ui/skeleton';

/** Shown while we learn whether the visitor is signed in, so no dashboard content flashes. */
export function DashboardSkeleton() {
  return (
    <div className="flex min-h-svh w-full" aria-busy="true">
      <span className="sr-only" role="status">
        Loading…
      </span>
      <div className="bg-sidebar hidden w-64 shrink-0 flex-col gap-3 border-r p-3 md:flex">
        <Skeleton className="h-10 w-full" />
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-7 w-full" />
        ))}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex h-14 items-center gap-3 border-b px-4">
          <Skeleton className="size-8" />
          <Skeleton className="h-5 w-32" />
          <Skeleton className="ml-auto h-8 w-28" />
        </div>
        <div className="grid gap-4 p-4 sm:p-6 md:grid-cols-2 xl:grid-cols-3">
          <Skeleton className="h-9 w-64 md:col-span-2 xl:col-span-3" />
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      </div>
    </div>
  );
}
