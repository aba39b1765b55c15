// Leaderboard (PRODUCT.md §4): the top 10 buyers by approved deposits, from real orders only.
import { Trophy } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useLeaderboard } from '@/web/api/orders';
import { LeaderboardTable } from '@/web/features/orders/components/leaderboard-table';
import { useDocumentTitle } from '@/web/lib/use-document-title';

function Board() {
  const { data: rows, isError } = useLeaderboard();
  if (!rows) {
    return isError ? (
      <p role="alert" className="text-destructive text-sm">
        The leaderboard could not be loaded. Please try again later.
      </p>
    ) : (
      <Skeleton className="h-48 w-full" />
    );
  }
  if (rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center">
        <Trophy className="text-muted-foreground size-8" aria-hidden />
        <p className="font-medium">No buyers yet.</p>
        <p className="text-muted-foreground text-sm">The leaderboard fills as orders are approved.</p>
      </div>
    );
  }
  return <LeaderboardTable rows={rows} />;
}

export function Component() {
  useDocumentTitle('Leaderboard');
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Leaderboard</h1>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Top buyers</CardTitle>
          <CardDescription>The 10 largest buyers by approved deposits in USD. E-mails are masked.</CardDescription>
        </CardHeader>
        <CardContent>
          <Board />
        </CardContent>
      </Card>
    </div>
  );
}
