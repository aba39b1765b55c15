import { useCan } from '@/web/api/operators';
import { ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { AdminOrder } from '@/contracts/orders';
import { StagePieces } from '@/web/components/stage-pieces';
import { Button } from '@/web/components/ui/button';
import { CopyButton } from '@/web/components/ui/copy-button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/components/ui/sheet';
import { TxCheckNote } from './tx-check';
import { campaignOutcomeText } from '@/web/lib/campaign-outcome';
import { formatAmount, formatDateTime, formatPayAmount, formatUsd } from '@/web/lib/format';
import type { Decision } from '@/web/api/orders';
import { ExcessDialog, type ExcessAction } from './excess-dialog';
import { PaymentPill } from './payment-pill';
import { OrderStatusPill } from './order-status-pill';
import { OrderCountryCheck } from './order-country-check';
import { piecesText } from '@/domain/stages';

const NETWORK: Record<AdminOrder['crypto']['network'], string> = { bitcoin: 'Bitcoin', litecoin: 'Litecoin', dogecoin: 'Dogecoin', evm: 'EVM', tron: 'TRON', solana: 'Solana', other: 'Other' };

function networkOf(o: AdminOrder): string {
  return o.crypto.network === 'evm' && o.crypto.chainId !== null ? `EVM (chain ${String(o.crypto.chainId)})` : NETWORK[o.crypto.network];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">{children}</dl>
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}

function History({ order }: { order: AdminOrder }) {
  const decided = order.status === 'approved' ? 'Approved' : order.status === 'rejected' ? 'Rejected' : null;
  return (
    <Section title="History">
      <Item label="Created">{formatDateTime(order.createdAt)}</Item>
      {order.status === 'pending' ? <Item label="Expires">{formatDateTime(order.expiresAt)}</Item> : null}
      {order.status === 'expired' || (decided && Date.parse(order.expiresAt) < Date.parse(order.decidedAt ?? order.expiresAt)) ? (
        <Item label="Expired">{formatDateTime(order.expiresAt)}</Item>
      ) : null}
      {decided && order.decidedAt ? (
        <Item label={decided}>
          {formatDateTime(order.decidedAt)}
          {order.decidedBy ? ` by ${order.decidedBy}` : ''}
        </Item>
      ) : null}
    </Section>
  );
}

/** An overpayment's excess: what the operator decided, or the two ways to decide. */
function Excess({ order, onSettle }: { order: AdminOrder; onSettle: (action: ExcessAction) => void }) {
  const mayDecide = useCan()('decide');
  const p = order.payment;
  const code = order.crypto.code;
  if (p?.excessDecision) {
    const d = p.excessDecision;
    return (
      <Section title="Excess">
        <Item label={d.action === 'credited' ? 'Credited' : 'Refunded'}>
          {formatAmount(d.amount)} {code}
          {d.action === 'credited' ? ` as ${formatAmount(d.tokens)} tokens + ${formatAmount(d.bonusTokens)} bonus` : ''}, {formatDateTime(d.decidedAt)}
          {d.decidedBy ? ` by ${d.decidedBy}` : ''}
        </Item>
        {d.note ? (
          <Item label="Note">
            <span className="break-words whitespace-pre-line">{d.note}</span>
          </Item>
        ) : null}
      </Section>
    );
  }
  if (order.status !== 'approved' || p?.verdict !== 'overpaid' || !mayDecide) return null;
  return (
    <section aria-label="Excess" className="grid gap-2">
      <h3 className="text-sm font-semibold">Excess</h3>
      <p className="text-sm">
        {formatAmount(p.excess)} {code} more than the order asked arrived. Credit it at the order&apos;s rate, or send it back and record the refund.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => onSettle('credit')}>
          Credit the excess
        </Button>
        <Button size="sm" variant="outline" onClick={() => onSettle('refunded')}>
          Mark refunded
        </Button>
      </div>
    </section>
  );
}

/** Everything about one order for the operator, with the decisions it allows. */
export function OrderDetailSheet({ order, onClose, onDecide }: { order: AdminOrder | null; onClose: () => void; onDecide: (order: AdminOrder, decision: Decision) => void }) {
  const mayDecide = useCan()('decide');
  const open = order?.status === 'pending' || order?.status === 'expired';
  const [settling, setSettling] = useState<ExcessAction | null>(null);
  return (
    <Sheet open={order !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <SheetContent className="w-full gap-0 overflow-y-auto sm:max-w-md">
        {order ? (
          <>
            <SheetHeader className="pr-10">
              <SheetTitle className="font-mono break-all">Order {order.id}</SheetTitle>
              <SheetDescription className="flex flex-wrap items-center gap-2">
                <OrderStatusPill status={order.status} />
                <span>
                  {formatAmount(order.tokens)} tokens for {formatUsd(order.usdAmount)}
                </span>
              </SheetDescription>
            </SheetHeader>
            <div className="grid gap-5 px-4 pb-4">
              {open && mayDecide ? (
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => onDecide(order, 'approve')}>Approve</Button>
                  <Button variant="destructive" onClick={() => onDecide(order, 'reject')}>
                    Reject
                  </Button>
                </div>
              ) : null}
              <Section title="Buyer">
                <Item label="Name">{order.buyer.name}</Item>
                <Item label="E-mail">
                  <span className="break-all">{order.buyer.email}</span>
                </Item>
              </Section>
              <Section title="Amounts">
                <Item label="Pay amount">
                  {formatPayAmount(order.payAmount)} {order.crypto.code}
                </Item>
                <Item label="Crypto">
                  {order.crypto.name} ({order.crypto.code})
                </Item>
                <Item label="Tokens">{formatAmount(order.tokens)}</Item>
                <Item label="By stage">{piecesText(order.pieces)}</Item>
                <Item label="Bonus">{formatAmount(order.bonusTokens)}</Item>
                <Item label="USD">{formatUsd(order.usdAmount)}</Item>
                <Item label={order.pieces.length > 1 ? 'Rates' : 'Rate'}>
                  {order.pieces.length > 1
                    ? order.pieces.map((p) => `${formatAmount(p.rate)} tokens per ${order.crypto.code} in stage ${String(p.stage)}`).join('; ')
                    : `${formatAmount(order.rate)} tokens per ${order.crypto.code}`}
                </Item>
                {/* Priced across a stage boundary: the rate above is the first stage's. */}
                {order.pieces.length > 1 ? <Item label="Stage prices">
                    <StagePieces pieces={order.pieces} />
                  </Item> : null}
              </Section>
              <Section title="Payment">
                <Item label="Network">{networkOf(order)}</Item>
                {order.payment ? (
                  <Item label="Watched">
                    {formatAmount(order.payment.received)} {order.crypto.code} confirmed at the buyer&apos;s deposit address
                    <PaymentPill order={order} />
                  </Item>
                ) : null}
                <Item label="Address">
                  <span className="flex items-start gap-2">
                    <span className="min-w-0 font-mono text-xs break-all">{order.address}</span>
                    <CopyButton value={order.address} label="Copy the address" className="size-7" />
                  </span>
                </Item>
                {order.crypto.tokenContract ? (
                  <Item label="Token contract">
                    <span className="font-mono text-xs break-all">{order.crypto.tokenContract}</span>
                  </Item>
                ) : null}
                <Item label="Tx hash">
                  {order.txHash ? (
                    <span className="grid gap-1">
                      <span className="flex items-start gap-2">
                        <span className="min-w-0 font-mono text-xs break-all">{order.txHash}</span>
                        <CopyButton value={order.txHash} label="Copy the tx hash" className="size-7" />
                      </span>
                      {order.explorerUrl ? (
                        <a href={order.explorerUrl} target="_blank" rel="noopener noreferrer" className="text-primary inline-flex items-center gap-1 underline-offset-4 hover:underline">
                          View on the explorer
                          <ExternalLink className="size-3" aria-hidden />
                          <span className="sr-only">(opens in a new tab)</span>
                        </a>
                      ) : null}
                      <TxCheckNote order={order} />
                    </span>
                  ) : (
                    <span className="text-muted-foreground">Not given yet</span>
                  )}
                </Item>
              </Section>
              <Excess order={order} onSettle={setSettling} />
              {order.campaign ? (
                <Section title="Campaign bonus">
                  <Item label="Code">{order.campaign.code}</Item>
                  <Item label="Outcome">{campaignOutcomeText(order.campaign, 'tokens')}</Item>
                </Section>
              ) : null}
              <Section title="Decision note">
                <Item label="Note">
                  {order.decisionNote ? <span className="break-words whitespace-pre-line">{order.decisionNote}</span> : <span className="text-muted-foreground">None</span>}
                </Item>
              </Section>
              <OrderCountryCheck check={order.eligibility} />
              <History order={order} />
            </div>
            <ExcessDialog order={settling ? order : null} action={settling} onClose={() => setSettling(null)} />
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
