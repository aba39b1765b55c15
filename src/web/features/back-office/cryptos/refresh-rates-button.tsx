import { RefreshCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { useRefreshRates } from '@/web/api/cryptos';
import { errorMessage } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';

/** Fetches the feed rates now; a warning names the currencies the price API had no price for. */
export function RefreshRatesButton() {
  const refresh = useRefreshRates();
  const refreshRates = () =>
    refresh.mutate(undefined, {
      onSuccess: (result) => (result.missing.length ? toast.warning(result.message) : toast.success(result.message)),
      onError: (error) => toast.error(errorMessage(error, 'Failed to update cryptos.')),
    });
  return (
    <Button variant="outline" onClick={refreshRates} disabled={refresh.isPending}>
      {refresh.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
      Update Crypto Rates
    </Button>
  );
}
