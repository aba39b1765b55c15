// Buy Token (PRODUCT.md §4): pick an amount and a currency, preview the order, pay.
import type { Sale } from '@/contracts/sale';
import { Skeleton } from '@/web/components/ui/skeleton';
import { BuyTokenForm } from '@/web/features/buy/components/buy-token-form';
import { TermsGate } from '@/web/features/buy/components/terms-gate';
import { CountryGate } from '@/web/features/buy/components/country-gate';
import { IdentityGate } from '@/web/features/buy/components/identity-gate';
import { useCryptos, useSale } from '@/web/api/first-screen';
import { SaleStateBadge } from '@/web/features/dashboard/components/sale-state-badge';
import { formatDateTime, formatUsdPrice } from '@/web/lib/format';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { UNSCHEDULED_TEXT } from '@/web/lib/unscheduled';

function stateText(sale: Sale): string {
  if (!sale.scheduled) return UNSCHEDULED_TEXT;
  switch (sale.state) {
    case 'upcoming':
      return sale.startsAt ? `The sale starts on ${formatDateTime(sale.startsAt)}.` : UNSCHEDULED_TEXT;
    case 'live':
      return sale.endsAt ? `The sale is live until ${formatDateTime(sale.endsAt)}.` : UNSCHEDULED_TEXT;
    case 'ended':
      return 'The sale has ended. No new orders are accepted.';
    case 'sold_out':
      return 'The sale is sold out. No new orders are accepted.';
  }
}

export function Component() {
  useDocumentTitle('Buy Token');
  const sale = useSale();
  const cryptos = useCryptos();

  if (!sale.data || !cryptos.data) {
    return sale.isError || cryptos.isError ? (
      <p role="alert" className="text-destructive text-sm">
        The sale could not be loaded. Please try again later.
      </p>
    ) : (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-80 w-full" />
      </div>
    );
  }

  const { token } = sale.data;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Buy {token.symbol} TOKEN</h1>
        <div className="text-muted-foreground flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <SaleStateBadge state={sale.data.state} />
          <span>
            1.00 {token.symbol} = {formatUsdPrice(sale.data.priceUsd)}
          </span>
          <span>{stateText(sale.data)}</span>
        </div>
      </div>
      <TermsGate />
      <CountryGate />
      <IdentityGate />
      <BuyTokenForm sale={sale.data} cryptos={cryptos.data} receivedAt={sale.dataUpdatedAt} />
    </div>
  );
}
