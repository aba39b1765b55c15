// Payment Process (PRODUCT.md §4): step 1 sums up the purchase, step 2 is the quote to confirm, and
// Confirm creates the order on the server, which computes the authoritative amounts. The address and
// QR code appear only on the order page, from the server's order: no payment details exist before
// the order does, so no money can be sent for an order that was never created.
// One Idempotency-Key per opening makes a repeated Confirm return the same order.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PublicCrypto } from '@/contracts/cryptos';
import type { CreateOrderBody } from '@/contracts/orders';
import type { StageQuote } from '@/domain/stages';
import { StagePieces } from '@/web/components/stage-pieces';
import type { CampaignQuote } from '../lib/purchase-preview';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { useCreateOrder } from '@/web/api/orders';
import { networkLabel } from '@/web/lib/network-label';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { formatAmount } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { DetailRow } from '@/web/components/ui/detail-row';

export interface PaymentRequest {
  crypto: PublicCrypto;
  quote: StageQuote;
  /** The campaign code's bonus, credited at approval beside the level bonus. */
  campaign: CampaignQuote | null;
  body: CreateOrderBody;
  idempotencyKey: string;
}

export function PaymentDialog({ request, symbol, onClose }: { request: PaymentRequest; symbol: string; onClose: () => void }) {
  const [step, setStep] = useState<1 | 2>(1);
  // The dialog opens from Buy Now! without a DialogTrigger: remember what had focus, so that closing
  // it (Esc, Close) puts the keyboard back there instead of on the page.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const createOrder = useCreateOrder();
  const navigate = useNavigate();
  const { crypto, quote, campaign } = request;
  const submitting = createOrder.isPending || createOrder.isSuccess;
  const refusal = createOrder.error;
  // Too many orders awaiting payment: the refusal names them, and the buyer can go to each.
  const openOrders =
    refusal instanceof ApiError && refusal.code === 'too_many_pending'
      ? Object.entries(refusal.fields)
          .filter(([key]) => key.startsWith('openOrders.'))
          .map(([, id]) => id)
      : [];

  const confirm = () => createOrder.mutate({ body: request.body, idempotencyKey: request.idempotencyKey }, { onSuccess: (order) => void navigate(paths.transaction(order.id)) });

  const back = () => {
    createOrder.reset();
    setStep(1);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !submitting) onClose();
      }}
    >
      <DialogContent
        onInteractOutside={(e) => submitting && e.preventDefault()}
        onEscapeKeyDown={(e) => submitting && e.preventDefault()}
        onCloseAutoFocus={(e) => {
          if (!opener?.isConnected) return;
          e.preventDefault();
          opener.focus();
        }}
      >
        <DialogHeader className="pr-6">
          <DialogTitle>Payment Process</DialogTitle>
          <DialogDescription>{step === 1 ? 'Step 1 of 2: check your purchase.' : 'Step 2 of 2: confirm your order.'}</DialogDescription>
        </DialogHeader>

        {step === 1 ? (
          <>
            <dl className="divide-y">
              <DetailRow label="Amount">
                {formatAmount(quote.payAmount, 18)} {crypto.code}
              </DetailRow>
              <DetailRow label="Receive">
                {formatAmount(quote.tokens)} {symbol}
              </DetailRow>
              <DetailRow label="Bonus Tokens">
                {formatAmount(quote.bonusTokens)} {symbol}
              </DetailRow>
              {campaign ? (
                <DetailRow label="Campaign bonus">
                  {formatAmount(campaign.bonus)} {symbol} ({campaign.code}, {campaign.buyerPercent}%)
                </DetailRow>
              ) : null}
            </dl>
            <DialogFooter>
              <Button type="button" onClick={() => setStep(2)}>
                Continue
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <dl className="divide-y" aria-label="Your order">
              <DetailRow label="Amount to send">
                {formatAmount(quote.payAmount, 18)} {crypto.code}
              </DetailRow>
              {/* A purchase across a stage boundary: what each stage's tokens cost. */}
              {quote.pieces.length > 1 ? <DetailRow label="Stage prices">
                  <StagePieces pieces={quote.pieces} />
                </DetailRow> : null}
              <DetailRow label="Tokens">
                {formatAmount(quote.tokens)} {symbol}
              </DetailRow>
              <DetailRow label="Bonus">
                +{formatAmount(quote.bonusTokens)} {symbol}
              </DetailRow>
              {campaign ? (
                <DetailRow label="Campaign bonus">
                  +{formatAmount(campaign.bonus)} {symbol} ({campaign.code}, {campaign.buyerPercent}%)
                </DetailRow>
              ) : null}
              <DetailRow label="Network">
                {crypto.name} on {networkLabel(crypto.network, crypto.chainId, crypto.name)}
              </DetailRow>
            </dl>
            <p className="text-muted-foreground text-sm">
              Confirm creates your order. Its page then shows the address to pay to, with a QR code and the time left to pay. Send nothing before that.
            </p>
            {refusal ? (
              <div role="alert" className="border-destructive/50 text-destructive rounded-md border p-3 text-sm">
                <p className="font-medium">The order was not created.</p>
                <p>{errorMessage(refusal, 'Please try again.')}</p>
                {openOrders.length > 0 ? (
                  <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                    {openOrders.map((id) => (
                      <li key={id}>
                        <Link className="font-medium underline underline-offset-4" to={paths.transaction(id)}>
                          Open order #{id}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}
            {submitting ? (
              <p role="status" className="flex items-center gap-2 text-sm font-medium">
                <Spinner />
                Create your Order. Please wait.
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" disabled={submitting} onClick={back}>
                Cancel
              </Button>
              <Button type="button" disabled={submitting} onClick={confirm}>
                Confirm
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
