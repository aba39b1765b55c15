// Buy Token (PRODUCT.md §4). The purchase form arrives with payments; until then this page says so
// honestly and shows the sale's real state and price.
import { Info } from 'lucide-react';
import type { Sale } from '@/contracts/sale';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { SaleStateBadge } from '@/web/features/dashboard/components/sale-state-badge';
import { useSale } from '@/web/features/sale/api/get-sale';
import { formatDateTime, formatUsd } from '@/web/lib/format';
import { useDocumentTitle } from '@/web/lib/use-document-title';

function stateText(sale: Sale): string {
  switch (sale.state) {
    case 'upcoming':
      return `The sale starts on ${formatDateTime(sale.startsAt)}.`;
    case 'live':
      return `The sale is live until ${formatDateTime(sale.endsAt)}.`;
    case 'ended':
      return 'The sale has ended. No new orders are accepted.';
    case 'sold_out':
      return 'The sale is sold out. No new orders are accepted.';
  }
}

export function Component() {
  useDocumentTitle('Buy Token');
  const { data: sale, isError } = useSale();

  if (!sale) {
    return isError ? (
      <p role="alert" className="text-destructive text-sm">
        The sale could not be loaded. Please try again later.
      </p>
    ) : (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-40 w-full max-w-2xl" />
      </div>
    );
  }

  const symbol = sale.token.symbol;
  return (
    <div className="grid max-w-2xl gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Buy {symbol} TOKEN</h1>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle>{sale.token.name} presale</CardTitle>
            <SaleStateBadge state={sale.state} />
          </div>
          <CardDescription>{stateText(sale)}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-lg font-medium">
            1.00 {symbol} = {formatUsd(sale.priceUsd)}
          </p>
        </CardContent>
      </Card>
      <Alert>
        <Info aria-hidden />
        <AlertTitle>Purchasing opens with payments</AlertTitle>
        <AlertDescription>
          <p>The form to pay in a supported cryptocurrency will appear on this page once payments are enabled. Nothing can be ordered here yet.</p>
        </AlertDescription>
      </Alert>
    </div>
  );
}
