// The saved chains: each one's endpoint host, the watcher's rules, and how far the watcher has read.
import { Can } from '@/web/features/back-office/shell/can';
import { DetailRow } from '@/web/components/ui/detail-row';
import { NoBlockWarning } from './no-block-warning';
import { useState } from 'react';
import type { PaymentSettings } from '@/contracts/payments';
import { Button } from '@/web/components/ui/button';
import { useRemoveChain } from '@/web/api/payments';
import { errorMessage } from '@/web/lib/api-client';
import { formatAmount, formatDateTime, formatUsd } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import { PaymentRemoveDialog } from './payment-remove-dialog';

export type PaymentChain = PaymentSettings['chains'][number];

const CHAIN_NAMES: Partial<Record<number, string>> = { 1: 'Ethereum', 56: 'BNB Smart Chain', 137: 'Polygon', 8453: 'Base', 42161: 'Arbitrum' };

/** "Ethereum (1)" for the chains operators usually mean, "Chain 31337" for the others. */
export function describeChain(chainId: number): string {
  const name = CHAIN_NAMES[chainId];
  return name ? `${name} (${chainId})` : `Chain ${chainId}`;
}

/** Blocks the watcher still has to read: from its next block up to the head. */
function lagOf(chain: PaymentChain): string | null {
  if (chain.headBlock === null || chain.nextBlock === null) return null;
  const lag = BigInt(chain.headBlock) - BigInt(chain.nextBlock) + 1n;
  return (lag > 0n ? lag : 0n).toString();
}

function ChainItem({ chain, onEdit, onRemove }: { chain: PaymentChain; onEdit: () => void; onRemove: () => void }) {
  const name = describeChain(chain.chainId);
  const lag = lagOf(chain);
  return (
    <li aria-label={name} className="grid gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{name}</h3>
        <Can need="own">
          <div className="flex gap-2">
            <Button type="button" size="sm" variant="outline" onClick={onEdit}>
              Edit
            </Button>
            <Button type="button" size="sm" variant="destructive" onClick={onRemove}>
              Remove
            </Button>
          </div>
        </Can>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-4">
        <DetailRow layout="stacked" label="Endpoint">
          <span className="font-mono text-xs break-all">{chain.rpcHost}</span>
        </DetailRow>
        <DetailRow layout="stacked" label="Confirmations">{chain.confirmations === null ? 'finalized' : chain.confirmations}</DetailRow>
        <DetailRow layout="stacked" label="Tolerance">{formatAmount(chain.tolerancePercent, 2)} %</DetailRow>
        <DetailRow layout="stacked" label="Auto-approve up to">{formatUsd(chain.autoApproveUsd)}</DetailRow>
        <DetailRow layout="stacked" label="Head block">{chain.headBlock ?? 'not read yet'}</DetailRow>
        <DetailRow layout="stacked" label="Next block">{chain.nextBlock ?? 'not read yet'}</DetailRow>
        <DetailRow layout="stacked" label="Lag (blocks)">{lag ?? '—'}</DetailRow>
        <DetailRow layout="stacked" label="Last scan">{chain.scannedAt ? formatDateTime(chain.scannedAt) : 'not yet'}</DetailRow>
      </dl>
      {chain.lastError ? (
        <p className="text-destructive text-sm break-words">
          Last error{chain.lastErrorAt ? ` (${formatDateTime(chain.lastErrorAt)})` : ''}: {chain.lastError}
        </p>
      ) : chain.noBlockSince ? (
        <NoBlockWarning since={chain.noBlockSince} />
      ) : null}
    </li>
  );
}

export function PaymentChainList({ chains, onEdit }: { chains: PaymentChain[]; onEdit: (chain: PaymentChain) => void }) {
  const remove = useRemoveChain();
  const [removing, setRemoving] = useState<PaymentChain | null>(null);

  const removeChain = () => {
    if (!removing) return;
    const name = describeChain(removing.chainId);
    remove.mutate(removing.chainId, {
      onSuccess: () => toast.success(`${name} removed`),
      onError: (error) => toast.error(errorMessage(error, `Failed to remove ${name}.`)),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <>
      {chains.length === 0 ? (
        <p className="text-muted-foreground text-sm">No chain yet: currencies on EVM chains keep their single wallet address, and you approve each payment.</p>
      ) : (
        <ul aria-label="Saved chains" className="grid gap-3">
          {chains.map((chain) => (
            <ChainItem key={chain.chainId} chain={chain} onEdit={() => onEdit(chain)} onRemove={() => setRemoving(chain)} />
          ))}
        </ul>
      )}
      <PaymentRemoveDialog
        open={removing !== null}
        title="Remove the chain"
        description={removing ? `Presale stops watching ${describeChain(removing.chainId)}; new orders in its currencies pay to their single wallet address, reviewed by hand.` : ''}
        pending={remove.isPending}
        onConfirm={removeChain}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
