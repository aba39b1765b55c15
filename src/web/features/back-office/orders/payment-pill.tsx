// What the payment watcher found for an order paying to a deposit address, as the operator must act
// on it: paid but over the auto-approve limit, short, in excess, or arrived after the order expired.
import type { AdminOrder } from '@/contracts/orders';
import { Badge } from '@/web/components/ui/badge';
import { formatAmount, formatPayAmount } from '@/web/lib/format';

/** The words for the order's watched payment, or null when there is nothing to say. */
export function paymentNote(order: AdminOrder): { text: string; variant: 'warning' | 'secondary' | 'destructive' } | null {
  const p = order.payment;
  if (!p) return null;
  const code = order.crypto.code;
  // Tokens credited for money the chain took back: never debited by the server, the operator decides.
  if (order.status === 'approved' && p.reverted && (p.verdict === 'waiting' || p.verdict === 'underpaid' || p.verdict === 'unconfirmed')) {
    return { text: 'Payment reverted after approval', variant: 'destructive' };
  }
  if (p.verdict === 'waiting') return null;
  if (p.verdict === 'unconfirmed') return { text: 'Payment unconfirmed', variant: 'secondary' };
  if (order.status === 'expired') return { text: `Paid late: ${formatAmount(p.received)} ${code}`, variant: 'warning' };
  if (p.verdict === 'underpaid') return { text: `Underpaid: ${formatAmount(p.received)} of ${formatPayAmount(order.payAmount)} ${code}`, variant: 'destructive' };
  if (p.verdict === 'overpaid') return { text: `Overpaid by ${formatAmount(p.excess)} ${code}`, variant: 'warning' };
  if (order.status === 'pending') return { text: 'Paid, needs approval', variant: 'warning' };
  return null;
}

export function PaymentPill({ order }: { order: AdminOrder }) {
  const note = paymentNote(order);
  return note ? <Badge variant={note.variant}>{note.text}</Badge> : null;
}
