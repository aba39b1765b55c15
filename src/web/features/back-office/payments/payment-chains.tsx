import { useState } from 'react';
import { Can } from '@/web/features/back-office/shell/can';
import type { PaymentSettings } from '@/contracts/payments';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { PaymentChainForm } from './payment-chain-form';
import { PaymentChainList, type PaymentChain } from './payment-chain-list';

/** The EVM chains the watcher reads, and the form that adds one or changes the one being edited. */
export function PaymentChains({ chains }: { chains: PaymentSettings['chains'] }) {
  const [editing, setEditing] = useState<PaymentChain | null>(null);
  return (
    <Card role="region" aria-labelledby="chains-title">
      <CardHeader>
        <CardTitle id="chains-title">Chains</CardTitle>
        <CardDescription>
          For each EVM chain with an endpoint here, Presale reads new blocks for payments to the buyers&apos; deposit addresses and approves orders paid in full up to your auto-approve limit.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <PaymentChainList chains={chains} onEdit={setEditing} />
        <section aria-labelledby="chain-form-title" className="grid gap-4 border-t pt-6">
          <h3 id="chain-form-title" className="font-semibold">
            Add or edit a chain
          </h3>
          <Can need="own">
            <PaymentChainForm key={editing?.chainId ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
          </Can>
        </section>
      </CardContent>
    </Card>
  );
}
