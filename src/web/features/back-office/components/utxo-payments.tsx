// Automatic payments on a Bitcoin-family chain (issue 13): the watch-only account key the buyers'
// addresses come from, and the watcher that reads the chain for payments to them. One card per chain.
import type { UtxoChainSettings } from '@/contracts/payments';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { UtxoKeyForm } from './utxo-key-form';
import { UtxoWatcherForm } from './utxo-watcher-form';

/** Bitcoin always; Litecoin and Dogecoin once a currency, a key or a watcher is on them. */
export function isShown(settings: UtxoChainSettings): boolean {
  return settings.chain === 'bitcoin' || settings.currencies.length > 0 || settings.key !== null || settings.watcher !== null;
}

export function UtxoPayments({ settings }: { settings: UtxoChainSettings }) {
  const titleId = `${settings.chain}-title`;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{settings.name}</CardTitle>
        <CardDescription>
          With an account key and a watcher, each buyer pays to their own {settings.name} address, and Presale approves orders paid in full up to your auto-approve limit.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <UtxoKeyForm settings={settings} />
        <div className="border-t pt-6">
          <UtxoWatcherForm settings={settings} />
        </div>
      </CardContent>
    </Card>
  );
}
