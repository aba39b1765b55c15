// What the payment watcher saw on the chain for an order paying to the buyer's deposit address:
// each transfer with its confirmations (PRODUCT.md §4: "3 of 12"), confirmed, or gone from the chain.
import { CheckCircle2, ExternalLink, Loader2, Undo2 } from 'lucide-react';
import type { Order, OrderPayment } from '@/contracts/orders';
import { UTXO_CHAINS } from '@/domain/utxo/chains';
import { formatAmount } from '@/web/lib/format';

/** Bitcoin-family networks, where a payment waits in the mempool and can be replaced there. */
const isUtxo = (network: Order['crypto']['network']) => UTXO_CHAINS.some((chain) => chain === network);

const shortHash = (hash: string) => (hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

function confirmationsText(transfer: OrderPayment['transfers'][number], required: number | null, network: Order['crypto']['network']): string {
  const hash = shortHash(transfer.txHash);
  if (transfer.state === 'reverted') {
    // On Bitcoin a payment also goes when its sender replaces it (replace-by-fee) or nodes drop it.
    return isUtxo(network) ? `The payment in ${hash} was replaced, dropped or reorganised away and does not count.` : `The payment in ${hash} left the chain (a reorganisation) and does not count.`;
  }
  if (transfer.state === 'confirmed') return `Payment confirmed in ${hash}.`;
  if (isUtxo(network) && transfer.confirmations === 0 && required !== null) return `Payment seen in ${hash}, not yet in a block: 0 of ${required} confirmations.`;
  return required === null
    ? `Payment seen in ${hash}: ${transfer.confirmations} ${transfer.confirmations === 1 ? 'confirmation' : 'confirmations'}, waiting for the finalized block.`
    : `Payment seen in ${hash}: ${Math.min(transfer.confirmations, required)} of ${required} confirmations.`;
}

export function ChainPayments({ order, payment }: { order: Order; payment: OrderPayment }) {
  if (payment.transfers.length === 0) return null;
  return (
    <section aria-labelledby="chain-payments" className="grid gap-2 rounded-lg border p-4" aria-live="polite">
      <h2 id="chain-payments" className="text-sm font-semibold">
        Payments on the chain
      </h2>
      <ul className="grid gap-2">
        {payment.transfers.map((transfer) => {
          const Icon = transfer.state === 'confirmed' ? CheckCircle2 : transfer.state === 'reverted' ? Undo2 : Loader2;
          return (
            <li key={transfer.txHash} className="flex items-start gap-2 text-sm">
              <Icon
                className={transfer.state === 'seen' ? 'text-warning mt-0.5 size-4 shrink-0 animate-spin motion-reduce:animate-none' : transfer.state === 'confirmed' ? 'text-success mt-0.5 size-4 shrink-0' : 'text-muted-foreground mt-0.5 size-4 shrink-0'}
                aria-hidden
              />
              <span className="min-w-0 break-words">
                {confirmationsText(transfer, payment.required, order.crypto.network)}{' '}
                <span className="text-muted-foreground">
                  {formatAmount(transfer.amount)} {order.crypto.code}
                </span>
                {transfer.explorerUrl ? (
                  <>
                    {' '}
                    <a href={transfer.explorerUrl} target="_blank" rel="noreferrer" className="text-primary inline-flex items-center gap-1 underline-offset-4 hover:underline">
                      View on explorer
                      <ExternalLink className="size-3" aria-hidden />
                    </a>
                  </>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      {payment.excess ? <p className="text-sm">{excessText(payment.excess, order.crypto.code)}</p> : null}
    </section>
  );
}

/** What became of money sent beyond the order's amount. */
function excessText(excess: NonNullable<OrderPayment['excess']>, code: string): string {
  const amount = `${formatAmount(excess.amount)} ${code}`;
  if (excess.state === 'credited') return `The extra ${amount} you sent was credited at this order's rate.`;
  if (excess.state === 'refunded') return `The extra ${amount} you sent was refunded: ${excess.note ?? ''}`;
  return `You sent ${amount} more than this order asked. It will be credited at this order's rate or sent back to you.`;
}

/** Part of the amount arrived: how much, and the rest to send. */
export function isPartlyPaid(payment: OrderPayment | null): payment is OrderPayment & { remainderUri: string } {
  return payment?.remainderUri != null;
}
