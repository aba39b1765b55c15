// Automatic payments on a Bitcoin-family chain (issue 13): the watch-only account key the buyers'
// addresses come from, and the watcher that reads the chain for payments to them. One card per chain,
// its settings folded while none of its currencies is on offer (issue 28).
import type { UtxoChainSettings } from '@/contracts/payments';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { setupSteps } from './payment-statuses';
import { PaymentFold } from './payment-fold';
import { PaymentSteps } from './payment-steps';
import { UtxoKeyForm } from './utxo-key-form';
import { UtxoWatcherForm } from './utxo-watcher-form';

/** `offered`: whether a currency of the chain is on offer (false folds its settings; null: not known). */
export function UtxoPayments({ settings, offered = null }: { settings: UtxoChainSettings; offered?: boolean | null }) {
  const titleId = `${settings.chain}-title`;
  return (
    <Card role="region" aria-labelledby={titleId} id={`${settings.chain}-payments`} className="scroll-mt-4">
      <CardHeader>
        <CardTitle id={titleId}>{settings.name}</CardTitle>
        <CardDescription>
          With an account key and a watcher, each buyer pays to their own {settings.name} address, and Presale approves orders paid in full up to your auto-approve limit.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <PaymentSteps name={settings.name} steps={setupSteps(settings.key !== null, settings.watcher !== null)} />
        <PaymentFold
          folded={offered === false}
          label={`${settings.name} settings`}
          reason={`No ${settings.name} currency is on offer (enabled, with a wallet address, on the Crypto page), so these settings are folded.`}
        >
          <div className="border-t pt-6">
            <UtxoKeyForm settings={settings} />
          </div>
          <div className="border-t pt-6">
            <UtxoWatcherForm settings={settings} />
          </div>
        </PaymentFold>
      </CardContent>
    </Card>
  );
}
