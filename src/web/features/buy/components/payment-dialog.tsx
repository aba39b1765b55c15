// Payment Process (PRODUCT.md §4): step 1 sums up the purchase, step 2 says what to send where, and
// Confirm creates the order on the server, which computes the authoritative amounts; the order page
// then shows them. One Idempotency-Key per opening makes a repeated Confirm return the same order.
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/web/lib/toast';
import type { PublicCrypto } from '@/contracts/cryptos';
import type { CreateOrderBody } from '@/contracts/orders';
import type { Quote } from '@/domain/quote';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { useCreateOrder } from '@/web/features/orders/api/create-order';
import { PaymentInstructions } from '@/web/features/orders/components/payment-instructions';
import { networkLabel } from '@/web/features/orders/lib/network-label';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { formatAmount } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { previewPaymentUri } from '../lib/purchase-preview';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';

export interface PaymentRequest {
  crypto: PublicCrypto;
  quote: Quote;
  body: CreateOrderBody;
  idempotencyKey: string;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="text-right font-semibold break-all">{children}</dd>
    </div>
  );
}

export function PaymentDialog({ request, symbol, onClose }: { request: PaymentRequest; symbol: string; onClose: () => void }) {
  const [step, setStep] = useState<1 | 2>(1);
  const createOrder = useCreateOrder();
  const navigate = useNavigate();
  const { crypto, quote } = request;
  const submitting = createOrder.isPending || createOrder.isSuccess;
  // Too many orders awaiting payment: the refusal names them, and the buyer can go to each.
  const openOrders =
    createOrder.error instanceof ApiError && createOrder.error.code === 'too_many_pending'
      ? Object.entries(createOrder.error.fields)
          .filter(([key]) => key.startsWith('openOrders.'))
          .map(([, id]) => id)
      : [];

  const confirm = () =>
    createOrder.mutate(
      { body: request.body, idempotencyKey: request.idempotencyKey },
      {
        onSuccess: (order) => void navigate(paths.transaction(order.id)),
        onError: (error) => {
          if (!(error instanceof ApiError && error.code === 'too_many_pending')) toast.error('The order was not created', { description: errorMessage(error, 'Please try again.') });
        },
      },
    );

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !submitting) onClose();
      }}
    >
      <DialogContent onInteractOutside={(e) => submitting && e.preventDefault()} onEscapeKeyDown={(e) => submitting && e.preventDefault()}>
        <DialogHeader className="pr-6">
          <DialogTitle>Payment Process</DialogTitle>
          <DialogDescription>{step === 1 ? 'Step 1 of 2: check your purchase.' : 'Step 2 of 2: send the payment, then confirm.'}</DialogDescription>
        </DialogHeader>

        {step === 1 ? (
          <>
            <dl className="divide-y">
              <Row label="Amount">
                {formatAmount(quote.payAmount)} {crypto.code}
              </Row>
              <Row label="Receive">
                {formatAmount(quote.tokens)} {symbol}
              </Row>
              <Row label="Bonus Tokens">
                {formatAmount(quote.bonusTokens)} {symbol}
              </Row>
            </dl>
            <DialogFooter>
              <Button type="button" onClick={() => setStep(2)}>
                Continue
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <p className="text-base font-semibold">
              Send exactly {quote.payAmount} {crypto.code}
            </p>
            <PaymentInstructions
              payAmount={quote.payAmount}
              code={crypto.code}
              address={crypto.address}
              network={networkLabel(crypto.network, crypto.chainId, crypto.name)}
              tokenContract={crypto.tokenContract}
              paymentUri={previewPaymentUri(crypto, quote.payAmount)}
            />
            <p className="text-muted-foreground text-xs">
              Confirm creates your order. Its page then shows the amount and address to pay, confirmed by the server, and the time left to pay.
            </p>
            {openOrders.length > 0 ? (
              <div role="alert" className="border-destructive/50 text-destructive rounded-md border p-3 text-sm">
                <p>{errorMessage(createOrder.error, 'The order was not created.')}</p>
                <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                  {openOrders.map((id) => (
                    <li key={id}>
                      <Link className="font-medium underline underline-offset-4" to={paths.transaction(id)}>
                        Open order #{id}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {submitting ? (
              <p role="status" className="flex items-center gap-2 text-sm font-medium">
                <Spinner />
                Create your Order. Please wait.
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" disabled={submitting} onClick={() => setStep(1)}>
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
