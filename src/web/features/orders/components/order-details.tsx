// One order as its buyer sees it (PRODUCT.md §4): status, what to pay and where while pending,
// the tokens and the bonus apart, and the payment's transaction hash.
import { CheckCircle2, Clock, Loader2, XCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order, OrderStatus } from '@/contracts/orders';
import { buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatAmount, formatDateTime, formatUsd } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { cn } from '@/web/lib/utils';
import { networkLabel } from '../lib/network-label';
import { orderStatusText, orderStatusTitle } from '../lib/order-status';
import { OrderStatusBadge } from './order-status-badge';
import { PaymentInstructions } from './payment-instructions';
import { TimeLeft } from './time-left';
import { SavedTxHash, TxHashForm } from './tx-hash-form';

const ICONS: Record<OrderStatus, { icon: LucideIcon; className: string }> = {
  pending: { icon: Loader2, className: 'text-warning animate-spin motion-reduce:animate-none' },
  approved: { icon: CheckCircle2, className: 'text-success' },
  rejected: { icon: XCircle, className: 'text-destructive' },
  expired: { icon: Clock, className: 'text-muted-foreground' },
};

function StatusHeader({ order }: { order: Order }) {
  const { icon: Icon, className } = ICONS[order.status];
  return (
    <div className="flex items-start gap-3" aria-live="polite">
      <Icon className={cn('mt-1 size-7 shrink-0', className)} aria-hidden />
      <div className="grid min-w-0 gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{orderStatusTitle(order.status)}</h1>
        <p className="text-muted-foreground break-words">{orderStatusText(order.status, order.id)}</p>
      </div>
    </div>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-all">{children}</dd>
    </div>
  );
}

export function OrderDetails({ order, symbol, receivedAt }: { order: Order; symbol: string; receivedAt: number }) {
  const network = networkLabel(order.crypto.network, order.crypto.chainId, order.crypto.name);
  const pending = order.status === 'pending';
  const canAttachHash = order.status === 'pending' || order.status === 'expired';
  return (
    <div className="grid gap-6">
      <StatusHeader order={order} />
      {order.status === 'rejected' || order.status === 'expired' ? (
        <p className="text-sm">
          <Link to={paths.buyToken} className={buttonVariants({ variant: 'default' })}>
            Buy again
          </Link>
        </p>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        {pending ? (
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>
                Send exactly {order.payAmount} {order.crypto.code}
              </CardTitle>
              <CardDescription>Send this amount to the address below on the {network} network. Any other amount or network delays your order.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <TimeLeft expiresAt={order.expiresAt} serverTime={order.serverTime} receivedAt={receivedAt} />
              <PaymentInstructions
                payAmount={order.payAmount}
                code={order.crypto.code}
                address={order.address}
                network={network}
                tokenContract={order.crypto.tokenContract}
                paymentUri={order.paymentUri}
              />
            </CardContent>
          </Card>
        ) : (
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Payment</CardTitle>
              <CardDescription>{order.status === 'approved' ? 'The payment was received.' : 'Do not send a payment for this order.'}</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="divide-y">
                <Line label="Amount">
                  {formatAmount(order.payAmount)} {order.crypto.code}
                </Line>
                <Line label="Address">
                  <span className="font-mono text-xs">{order.address}</span>
                </Line>
                <Line label="Network">{network}</Line>
              </dl>
            </CardContent>
          </Card>
        )}
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Order summary</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              <Line label="Status">
                <OrderStatusBadge status={order.status} />
              </Line>
              <Line label="Tokens">
                {formatAmount(order.tokens)} {symbol}
              </Line>
              <Line label="Bonus">
                +{formatAmount(order.bonusTokens)} {symbol}
              </Line>
              <Line label="Value">{formatUsd(order.usdAmount)}</Line>
              <Line label="Rate">
                1 {order.crypto.code} = {formatAmount(order.rate)} {symbol}
              </Line>
              <Line label="Created">{formatDateTime(order.createdAt)}</Line>
              {pending ? <Line label="Pay before">{formatDateTime(order.expiresAt)}</Line> : null}
              {order.decidedAt ? <Line label="Decided">{formatDateTime(order.decidedAt)}</Line> : null}
            </dl>
          </CardContent>
        </Card>
      </div>
      {canAttachHash || order.txHash ? (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Payment transaction</CardTitle>
            {canAttachHash ? <CardDescription>Already sent the payment? Add its transaction hash.</CardDescription> : null}
          </CardHeader>
          <CardContent className="grid gap-4">
            <SavedTxHash order={order} />
            {canAttachHash ? <TxHashForm order={order} /> : null}
          </CardContent>
        </Card>
      ) : null}
      {order.status === 'approved' ? (
        <p>
          <Link to={paths.myToken} className={buttonVariants({ variant: 'outline' })}>
            Go to your Token Hub
          </Link>
        </p>
      ) : null}
    </div>
  );
}
