// The withdrawal right on the buyer's order (issue 34, decision 040): until the deadline (an instant,
// the approval + the sale's days, never a countdown) a Withdraw action with a confirmation; then the
// request's state: waiting for the sale team's refund, refunded (amount and transaction), or declined
// with the reason.
import { useState } from 'react';
import type { Order } from '@/contracts/orders';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { DetailRow } from '@/web/components/ui/detail-row';
import { FormError } from '@/web/components/ui/form-error';
import { Spinner } from '@/web/components/ui/spinner';
import { useRequestWithdrawal } from '@/web/api/withdrawals';
import { errorMessage } from '@/web/lib/api-client';
import { formatAmount, formatDateTime, formatPayAmount } from '@/web/lib/format';

type Withdrawal = NonNullable<Order['withdrawal']>;

function WithdrawButton({ order, deadline, symbol }: { order: Order; deadline: string; symbol: string }) {
  const [open, setOpen] = useState(false);
  const withdraw = useRequestWithdrawal(order.id);
  const close = () => {
    withdraw.reset();
    setOpen(false);
  };
  return (
    <>
      <Button variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        Withdraw
      </Button>
      <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Withdraw order #{order.id}?</DialogTitle>
            <DialogDescription>
              The sale team sends your payment back and records the refund; the order&apos;s {formatAmount(order.tokens)} {symbol} and its bonus then leave your balance. You can ask once,
              until {formatDateTime(deadline)}.
            </DialogDescription>
          </DialogHeader>
          <FormError message={withdraw.isError ? errorMessage(withdraw.error, 'The withdrawal could not be requested.') : null} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="button" variant="destructive" disabled={withdraw.isPending} onClick={() => withdraw.mutate(undefined, { onSuccess: close })}>
              {withdraw.isPending ? <Spinner /> : null}
              Withdraw order
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function RequestState({ order, request }: { order: Order; request: NonNullable<Withdrawal['request']> }) {
  if (request.state === 'requested') {
    return <p className="text-sm">You asked to withdraw this order on {formatDateTime(request.requestedAt)}. The sale team will refund your payment and record it here; the tokens stay in your balance until then.</p>;
  }
  if (request.state === 'declined') {
    return (
      <div className="grid gap-1 text-sm">
        <p>Your withdrawal was declined{request.decidedAt ? ` on ${formatDateTime(request.decidedAt)}` : ''}; the order stays approved.</p>
        <p className="break-words whitespace-pre-line">Reason: {request.declineReason}</p>
      </div>
    );
  }
  return (
    <dl className="divide-y">
      <DetailRow label="Withdrawn">{request.decidedAt ? formatDateTime(request.decidedAt) : ''}</DetailRow>
      {request.refund ? (
        <>
          <DetailRow label="Refunded">
            {formatPayAmount(request.refund.amount)} {order.crypto.code}
          </DetailRow>
          <DetailRow label="Refund transaction">
            <code className="font-mono text-xs break-all">{request.refund.txHash}</code>
          </DetailRow>
          {request.refund.note ? <DetailRow label="Note">{request.refund.note}</DetailRow> : null}
        </>
      ) : null}
    </dl>
  );
}

export function OrderWithdrawal({ order, withdrawal, symbol }: { order: Order; withdrawal: Withdrawal; symbol: string }) {
  const { request } = withdrawal;
  return (
    <Card className="min-w-0" role="region" aria-label="Withdrawal">
      <CardHeader>
        <CardTitle>Withdrawal</CardTitle>
        {request ? null : withdrawal.canRequest ? (
          <CardDescription>You may withdraw this order until {formatDateTime(withdrawal.deadline)}.</CardDescription>
        ) : (
          <CardDescription>{withdrawal.refusal ?? `The withdrawal period of this order ended on ${formatDateTime(withdrawal.deadline)}.`}</CardDescription>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {request ? <RequestState order={order} request={request} /> : null}
        {!request && withdrawal.canRequest ? <WithdrawButton order={order} deadline={withdrawal.deadline} symbol={symbol} /> : null}
      </CardContent>
    </Card>
  );
}
