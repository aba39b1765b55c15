import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import type { AdminUserDetail } from '@/contracts/users';
import { formatAmount, formatDateTime } from '@/web/lib/format';

const KIND_LABEL: Record<AdminUserDetail['ledger'][number]['kind'], string> = {
  purchase: 'Purchase',
  bonus: 'Bonus',
  excess: 'Excess credited',
  excess_bonus: 'Bonus on excess',
  referral: 'Referral reward',
  referee: 'Reward as referred buyer',
  campaign: 'Campaign bonus',
  campaign_referrer: 'Campaign referrer reward',
  withdrawal: 'Withdrawn',
  withdrawal_bonus: 'Bonus withdrawn',
  referral_reversal: 'Referral reward reversed',
  referee_reversal: 'Referred buyer reward reversed',
  campaign_reversal: 'Campaign bonus reversed',
  campaign_referrer_reversal: 'Campaign referrer reward reversed',
};

/** A buyer's credits, one row per purchase, bonus, credited excess or reward, and the reversing entries of a withdrawal. */
export function BalanceHistoryTable({ ledger }: { ledger: AdminUserDetail['ledger'] }) {
  return (
    <Table aria-label="Balance history">
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>Kind</TableHead>
          <TableHead>Amount</TableHead>
          <TableHead>Order</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {ledger.map((e) => (
          <TableRow key={e.id}>
            <TableCell className="whitespace-nowrap">{formatDateTime(e.createdAt)}</TableCell>
            <TableCell>{KIND_LABEL[e.kind]}</TableCell>
            <TableCell>+{formatAmount(e.amount)}</TableCell>
            <TableCell className="font-mono text-xs">{e.orderId ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
