// Automatic Bitcoin payments (issue 13): the watch-only account key the buyers' addresses come from,
// and the watcher that reads the chain for payments to them.
import type { PaymentSettings } from '@/contracts/payments';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { BitcoinChainForm } from './bitcoin-chain-form';
import { BitcoinKeyForm } from './bitcoin-key-form';

export function BitcoinPayments({ bitcoin }: { bitcoin: PaymentSettings['bitcoin'] }) {
  return (
    <Card role="region" aria-labelledby="bitcoin-title">
      <CardHeader>
        <CardTitle id="bitcoin-title">Bitcoin</CardTitle>
        <CardDescription>
          With an account key and a watcher, each buyer pays to their own Bitcoin address, and Presale approves orders paid in full up to your auto-approve limit.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <BitcoinKeyForm bitcoinKey={bitcoin.key} />
        <div className="border-t pt-6">
          <BitcoinChainForm watcher={bitcoin.chain} />
        </div>
      </CardContent>
    </Card>
  );
}
