// The receipt of an approved order (PRODUCT.md §4): what was paid, on which network, and the tokens
// credited, under the sale's name. Printed (or saved as PDF) from the browser; print CSS drops the
// dashboard's sidebar and header, and this page's own buttons.
import { Printer } from 'lucide-react';
import { Link } from 'react-router';
import type { Order } from '@/contracts/orders';
import { dec, toPlain } from '@/domain/decimal';
import { Button } from '@/web/components/ui/button';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { formatAmount, formatDateTime, formatUsd } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { networkLabel } from '@/web/lib/network-label';
import { ORDER_STATUS_LABELS } from '../lib/order-status';
import { DetailRow } from '@/web/components/ui/detail-row';

export function OrderReceipt({ order, tokenName, symbol }: { order: Order; tokenName: string; symbol: string }) {
  const credited = toPlain(dec(order.tokens).plus(dec(order.bonusTokens)));
  return (
    <article className="grid max-w-3xl gap-6" aria-labelledby="receipt-title">
      <header className="grid gap-1">
        <p className="text-muted-foreground text-sm">{tokenName} sale</p>
        <h1 id="receipt-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Receipt
        </h1>
        <p className="text-muted-foreground text-sm break-all">Order #{order.id}</p>
      </header>
      <section aria-labelledby="receipt-payment" className="rounded-lg border p-4 print:border-0 print:p-0">
        <h2 id="receipt-payment" className="font-semibold">
          Payment
        </h2>
        <dl className="mt-2 divide-y">
          <DetailRow layout="columns" label="Order">#{order.id}</DetailRow>
          <DetailRow layout="columns" label="Ordered">{formatDateTime(order.createdAt)}</DetailRow>
          {order.decidedAt ? <DetailRow layout="columns" label="Approved">{formatDateTime(order.decidedAt)}</DetailRow> : null}
          <DetailRow layout="columns" label="Status">{ORDER_STATUS_LABELS[order.status]}</DetailRow>
          <DetailRow layout="columns" label="Crypto">
            {order.crypto.name} ({order.crypto.code})
          </DetailRow>
          <DetailRow layout="columns" label="Network">{networkLabel(order.crypto.network, order.crypto.chainId, order.crypto.name, order.crypto.tokenContract)}</DetailRow>
          <DetailRow layout="columns" label="Amount paid">
            {formatAmount(order.payAmount, 18)} {order.crypto.code}
          </DetailRow>
          <DetailRow layout="columns" label="Value">{formatUsd(order.usdAmount)}</DetailRow>
          <DetailRow layout="columns" label="Paid to">
            <span className="font-mono text-xs">{order.address}</span>
          </DetailRow>
          {order.txHash ? (
            <DetailRow layout="columns" label="Transaction hash">
              <span className="font-mono text-xs">{order.txHash}</span>
            </DetailRow>
          ) : null}
        </dl>
      </section>
      <section aria-labelledby="receipt-tokens" className="rounded-lg border p-4 print:border-0 print:p-0">
        <h2 id="receipt-tokens" className="font-semibold">
          Tokens credited
        </h2>
        <dl className="mt-2 divide-y">
          <DetailRow layout="columns" label="Tokens">
            {formatAmount(order.tokens)} {symbol}
          </DetailRow>
          <DetailRow layout="columns" label="Bonus">
            +{formatAmount(order.bonusTokens)} {symbol}
          </DetailRow>
          <DetailRow layout="columns" label="Total credited">
            {formatAmount(credited)} {symbol}
          </DetailRow>
        </dl>
      </section>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button type="button" onClick={() => window.print()}>
          <Printer aria-hidden />
          Print
        </Button>
        <Link to={paths.transaction(order.id)} className={buttonVariants({ variant: 'outline' })}>
          Back to the order
        </Link>
      </div>
    </article>
  );
}
