// "Pay with your wallet" on the order page (issue 32): a button until the buyer opens it, so the
// wallet code (viem's wallet client, mipd) is a chunk of its own that the order page never waits for.
import { lazy, Suspense, useState } from 'react';
import { Wallet } from 'lucide-react';
import type { Order } from '@/contracts/orders';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';

const WalletPay = lazy(() => import('../wallet/wallet-pay'));

/** Whether the browser injects a wallet, as a phone wallet's own browser does: the wallet path comes first then. */
export function hasInjectedWallet(): boolean {
  return typeof window !== 'undefined' && 'ethereum' in window;
}

/** Browser wallets pay EVM orders only, and one payment per order: not once a hash is attached, unless part is still due. */
export function canPayWithWallet(order: Order, partlyPaid: boolean): boolean {
  return order.status === 'pending' && order.crypto.network === 'evm' && order.crypto.chainId !== null && (!order.txHash || partlyPaid);
}

export function PayWithWallet({ order, due, offered }: { order: Order; due: string; offered: boolean }) {
  const [open, setOpen] = useState(false);
  // Once opened it stays, to say what became of the payment after the order has its hash.
  if (!open && !offered) return null;
  return (
    <section aria-labelledby="pay-with-wallet-title" className="grid gap-3 rounded-lg border p-4">
      <h3 id="pay-with-wallet-title" className="text-sm font-semibold">
        Pay from a browser wallet
      </h3>
      {open ? (
        <Suspense
          fallback={
            <p className="text-muted-foreground flex items-center gap-2 text-sm" aria-busy="true">
              <Spinner />
              Looking for wallets…
            </p>
          }
        >
          <WalletPay order={order} due={due} />
        </Suspense>
      ) : (
        <>
          <p className="text-muted-foreground text-sm">Connect MetaMask, Rabby, Coinbase Wallet or another browser wallet: it fills in the amount, the address and the network for you.</p>
          <div>
            <Button type="button" onClick={() => setOpen(true)}>
              <Wallet aria-hidden />
              Pay with your wallet
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
