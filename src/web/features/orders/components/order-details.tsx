// One order as its buyer sees it (PRODUCT.md §4): status, what to pay and where while pending,
// the tokens and the bonus apart, the payment's transaction hash, the operator's note on a
// rejection and, once approved, a receipt and, where the sale offers it, the withdrawal right.
import { lazy, Suspense } from 'react';
import { CheckCircle2, Clock, Hourglass, Loader2, Receipt, Undo2, XCircle, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '@/contracts/orders';
import type { LedgerKind } from '@/domain/ledger-kinds';
import { StagePieces } from '@/web/components/stage-pieces';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatAmount, formatDateTime, formatPayAmount, formatUsd } from '@/web/lib/format';
import { campaignOutcomeText } from '@/web/lib/campaign-outcome';
import { paths } from '@/web/lib/paths';
import { cn } from '@/web/lib/utils';
import { networkLabel } from '@/web/lib/network-label';
import { expiredPaymentText, orderStage, orderStatusText, orderStatusTitle, type OrderStage } from '../lib/order-status';
import { ChainPayments, isPartlyPaid } from './chain-payments';
import { OrderStatusBadge } from './order-status-badge';
import { PaymentInstructions, safestWayToPay } from './payment-instructions';
import { canPayWithWallet, hasInjectedWallet, PayWithWallet } from './pay-with-wallet';
import { TimeLeft } from './time-left';
import { SavedTxHash } from './saved-tx-hash';
import { AttachTxHash } from './attach-tx-hash';
import { SupportContact } from '@/web/components/support-contact';
import { DetailRow } from '@/web/components/ui/detail-row';
import { Skeleton } from '@/web/components/ui/skeleton';

// Only an approved order within the sale's withdrawal right has this section: its code (a
// confirmation dialog) loads with the order that shows it, before its button can be clicked.
const OrderWithdrawal = lazy(() => import('./order-withdrawal').then((m) => ({ default: m.OrderWithdrawal })));

const ICONS: Record<OrderStage, { icon: LucideIcon; className: string }> = {
  // Nothing is processing before a payment is sent: no spinner then.
  awaiting: { icon: Hourglass, className: 'text-warning' },
  pending: { icon: Loader2, className: 'text-warning animate-spin motion-reduce:animate-none' },
  approved: { icon: CheckCircle2, className: 'text-success' },
  rejected: { icon: XCircle, className: 'text-destructive' },
  expired: { icon: Clock, className: 'text-muted-foreground' },
  withdrawn: { icon: Undo2, className: 'text-muted-foreground' },
};

function StatusHeader({ order }: { order: Order }) {
  const stage = orderStage(order);
  const { icon: Icon, className } = ICONS[stage];
  const more = stage === 'expired' ? expiredPaymentText(order) : null;
  return (
    <div className="flex items-start gap-3" aria-live="polite">
      <Icon className={cn('mt-1 size-7 shrink-0', className)} aria-hidden />
      <div className="grid min-w-0 gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{orderStatusTitle(stage)}</h1>
        <p className="text-muted-foreground break-words">{more ? `${orderStatusText(stage, order.id)} ${more}` : orderStatusText(stage, order.id)}</p>
      </div>
    </div>
  );
}

/** Every kind an order's entries may have; a kind added to the ledger must be named here (the type says so). */
const LEDGER_KIND_LABELS: Record<string, string> = {
  purchase: 'Tokens',
  bonus: 'Bonus',
  excess: 'Overpayment',
  excess_bonus: 'Overpayment bonus',
  referral: 'Referral reward',
  referee: 'Reward as referred buyer',
  campaign: 'Campaign bonus',
  campaign_referrer: 'Campaign referrer reward',
  withdrawal: 'Withdrawn tokens',
  withdrawal_bonus: 'Withdrawn bonus',
  referral_reversal: 'Referral reward reversed',
  referee_reversal: 'Referred buyer reward reversed',
  campaign_reversal: 'Campaign bonus reversed',
  campaign_referrer_reversal: 'Campaign referrer reward reversed',
} satisfies Record<LedgerKind, string>;

/** The campaign code's bonus once approved: marked when less than the quote showed, with the reason. */
function CampaignOutcome({ campaign, symbol }: { campaign: NonNullable<Order['campaign']>; symbol: string }) {
  const short = campaign.outcome !== 'credited';
  return (
    <section aria-labelledby="campaign-outcome" className={cn('grid gap-1 rounded-lg border p-4', short && 'border-amber-500/40 bg-amber-500/5')}>
      <h2 id="campaign-outcome" className="text-sm font-semibold">
        Campaign code {campaign.code}
      </h2>
      <p className="text-sm">{campaignOutcomeText(campaign, symbol)}</p>
    </section>
  );
}

export function OrderDetails({ order, symbol, receivedAt }: { order: Order; symbol: string; receivedAt: number }) {
  const network = networkLabel(order.crypto.network, order.crypto.chainId, order.crypto.name, order.crypto.tokenContract);
  const pending = order.status === 'pending';
  // Once a hash is saved it is shown instead of the field: the payment is being checked.
  // Payments to a deposit address are found on the chain: nothing to attach there.
  const canAttachHash = (order.status === 'pending' || order.status === 'expired') && !order.txHash && !order.payment;
  const partlyPaid = isPartlyPaid(order.payment) ? order.payment : null;
  const walletOffered = canPayWithWallet(order, partlyPaid !== null);
  // In a phone wallet's own browser the wallet is right there: offer it before the QR code.
  const walletFirst = walletOffered && hasInjectedWallet();
  const wallet = <PayWithWallet order={order} due={partlyPaid?.remaining ?? order.payAmount} offered={walletOffered} />;
  return (
    <div className="grid gap-6">
      <StatusHeader order={order} />
      {order.payment ? <ChainPayments order={order} payment={order.payment} /> : null}
      {order.status === 'rejected' && order.decisionNote ? (
        <section aria-labelledby="operator-note" className="border-destructive/40 bg-destructive/5 grid gap-1 rounded-lg border p-4">
          <h2 id="operator-note" className="text-sm font-semibold">
            Note from the operator
          </h2>
          <p className="text-sm break-words whitespace-pre-line">{order.decisionNote}</p>
        </section>
      ) : null}
      {order.campaign ? <CampaignOutcome campaign={order.campaign} symbol={symbol} /> : null}
      {order.withdrawal ? (
        <Suspense fallback={<Skeleton className="h-32 w-full" />}>
          <OrderWithdrawal order={order} withdrawal={order.withdrawal} symbol={symbol} />
        </Suspense>
      ) : null}
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
              {isPartlyPaid(order.payment) ? (
                <>
                  <CardTitle>
                    Send the remaining {order.payment.remaining} {order.crypto.code}
                  </CardTitle>
                  <CardDescription>
                    {order.payment.received} of {order.payAmount} {order.crypto.code} arrived. Send the rest to the same address on the {network} network before the time runs out.
                  </CardDescription>
                </>
              ) : (
                <>
                  <CardTitle>
                    Send exactly {order.payAmount} {order.crypto.code}
                  </CardTitle>
                  <CardDescription>Send this amount to the address below on the {network} network. Any other amount or network delays your order.</CardDescription>
                </>
              )}
            </CardHeader>
            <CardContent className="grid gap-4">
              <TimeLeft expiresAt={order.expiresAt} serverTime={order.serverTime} receivedAt={receivedAt} />
              {walletFirst ? wallet : null}
              <PaymentInstructions
                payAmount={partlyPaid?.remaining ?? order.payAmount}
                code={order.crypto.code}
                address={order.address}
                network={network}
                tokenContract={order.crypto.tokenContract}
                paymentUri={partlyPaid?.remainderUri ?? order.paymentUri}
              />
              {walletFirst ? null : wallet}
              <p className="text-muted-foreground text-sm">{safestWayToPay(order.crypto.network, walletOffered, order.crypto.name)}</p>
            </CardContent>
          </Card>
        ) : (
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>Payment</CardTitle>
              {/* An expired order says what to do once, at its status above. */}
              {order.status === 'expired' ? null : <CardDescription>{order.status === 'approved' ? 'The payment was received.' : 'Do not send a payment for this order.'}</CardDescription>}
            </CardHeader>
            <CardContent>
              <dl className="divide-y">
                <DetailRow label="Amount">
                  {formatPayAmount(order.payAmount)} {order.crypto.code}
                </DetailRow>
                <DetailRow label="Address">
                  <span className="font-mono text-xs">{order.address}</span>
                </DetailRow>
                <DetailRow label="Network">{network}</DetailRow>
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
              <DetailRow label="Status">
                <OrderStatusBadge status={order.status} />
              </DetailRow>
              <DetailRow label="Tokens">
                {formatAmount(order.tokens)} {symbol}
              </DetailRow>
              <DetailRow label="Bonus">
                +{formatAmount(order.bonusTokens)} {symbol}
              </DetailRow>
              <DetailRow label="Value">{formatUsd(order.usdAmount)}</DetailRow>
              <DetailRow label="Rate">
                1 {order.crypto.code} = {formatAmount(order.rate)} {symbol}
              </DetailRow>
              {/* A quote across a stage boundary: the rate above is its first stage's. */}
              {order.pieces.length > 1 ? <DetailRow label="Stage prices">
                  <StagePieces pieces={order.pieces} />
                </DetailRow> : null}
              <DetailRow label="Created">{formatDateTime(order.createdAt)}</DetailRow>
              {pending ? <DetailRow label="Pay before">{formatDateTime(order.expiresAt)}</DetailRow> : null}
              {order.decidedAt ? <DetailRow label="Decided">{formatDateTime(order.decidedAt)}</DetailRow> : null}
            </dl>
          </CardContent>
        </Card>
      </div>
      {/* A watched payment is listed above with its confirmations; the hash card is for the others. */}
      {!order.payment && (canAttachHash || order.txHash) ? (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Payment transaction</CardTitle>
            {canAttachHash && pending ? <CardDescription>Already sent the payment? Add its transaction hash.</CardDescription> : null}
            {pending && order.txHash ? <CardDescription>The payment with this hash is being checked.</CardDescription> : null}
          </CardHeader>
          <CardContent className="grid gap-4">
            <SavedTxHash order={order} />
            {canAttachHash ? <AttachTxHash order={order} /> : null}
          </CardContent>
        </Card>
      ) : null}
      {order.ledger.length > 0 ? (
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Ledger entries</CardTitle>
            <CardDescription>
              The entries that credited this order, in the sale&apos;s hash-chained ledger. Find them on the{' '}
              <Link to={paths.transparency} className="text-primary underline underline-offset-4">
                Transparency
              </Link>{' '}
              page, or in its export.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              {order.ledger.map((e) => (
                <DetailRow key={e.seq} label={`#${e.seq} ${LEDGER_KIND_LABELS[e.kind] ?? e.kind}`}>
                  <span className="grid gap-0.5">
                    <span>
                      {formatAmount(e.amount)} {symbol}
                    </span>
                    <code className="font-mono text-xs break-all">{e.hash}</code>
                  </span>
                </DetailRow>
              ))}
            </dl>
          </CardContent>
        </Card>
      ) : null}
      {order.status === 'approved' ? (
        <p className="flex flex-wrap gap-2">
          <Link to={paths.receipt(order.id)} className={buttonVariants({ variant: 'default' })}>
            <Receipt aria-hidden />
            Receipt
          </Link>
          <Link to={paths.myToken} className={buttonVariants({ variant: 'outline' })}>
            Go to your Token Hub
          </Link>
        </p>
      ) : null}
      <SupportContact lead={`Questions about order #${order.id}?`} className="text-muted-foreground text-sm" />
    </div>
  );
}
