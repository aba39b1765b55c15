import { useState } from 'react';
import { toast } from '@/web/lib/toast';
import type { AdminOrder } from '@/contracts/orders';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { ApiError, errorMessage } from '@/web/lib/api-client';
import { formatAmount } from '@/web/lib/format';
import { useDecideOrder, type Decision } from '@/web/api/admin/orders';

const TEXT: Record<Decision, { title: string; button: string; done: string; explain: string }> = {
  approve: { title: 'Approve payment', button: 'Approve', done: 'Payment approved', explain: 'The buyer is credited with the tokens and the bonus. This cannot be undone.' },
  reject: { title: 'Reject payment', button: 'Reject', done: 'Payment rejected', explain: 'The order is closed without credit. This cannot be undone.' },
  delete: { title: 'Delete order', button: 'Delete', done: 'Order deleted', explain: 'The order is removed. Approved orders are never deleted.' },
};

/** Confirms an operator's decision on an order, with an optional note kept in the audit log. */
export function DecisionDialog({ order, decision, onClose }: { order: AdminOrder | null; decision: Decision; onClose: () => void }) {
  const decide = useDecideOrder();
  const [note, setNote] = useState('');
  // A late payment whose tokens no longer fit under the hard cap: the server says so, and the
  // operator may approve it beyond the cap only by ticking this (the audit log records it).
  const [overCap, setOverCap] = useState<string | null>(null);
  const [override, setOverride] = useState(false);
  const text = TEXT[decision];
  const close = () => {
    setNote('');
    setOverCap(null);
    setOverride(false);
    onClose();
  };
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>
            Order #{order?.id}: {order ? `${formatAmount(order.payAmount)} ${order.crypto.code} for ${formatAmount(order.tokens)} tokens` : ''} from {order?.buyer.email}. {text.explain}
          </DialogDescription>
        </DialogHeader>
        {decision !== 'delete' ? (
          <FormField label="Note (optional)">
            <Textarea rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </FormField>
        ) : null}
        {overCap ? (
          <div role="alert" className="border-destructive/50 space-y-2 rounded-md border p-3 text-sm">
            <p className="text-destructive">{overCap}</p>
            <label className="flex items-center gap-2 font-medium">
              <input type="checkbox" className="size-4" checked={override} onChange={(e) => setOverride(e.target.checked)} />
              Approve beyond the hard cap
            </label>
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            variant={decision === 'approve' ? 'default' : 'destructive'}
            disabled={decide.isPending || (overCap !== null && !override)}
            onClick={() =>
              order &&
              decide.mutate(
                { orderId: order.orderId, decision, note, overrideHardCap: override },
                {
                  onSuccess: () => {
                    toast.success(text.done);
                    close();
                  },
                  onError: (error) => {
                    if (error instanceof ApiError && error.code === 'over_hard_cap') setOverCap(error.message);
                    else toast.error(errorMessage(error, `Failed: ${text.title.toLowerCase()}.`));
                  },
                },
              )
            }
          >
            {decide.isPending ? <Spinner /> : null}
            {text.button}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
