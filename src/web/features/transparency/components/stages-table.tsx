// The sale's stages as anyone can check them: each one's price, allocation, the tokens its approved
// orders bought in it (the sum of their pieces there) and the rewards paid out of it, and when it
// opened and closed.
import type { PublicStage } from '@/contracts/sale';
import { stagePriceText } from '@/domain/stages';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatAmount, formatDateTime } from '@/web/lib/format';

const CLOSE_REASONS: Record<NonNullable<PublicStage['closeReason']>, string> = {
  sold_out: 'sold out',
  ended: 'its end came',
  ended_early: 'ended early by the operator',
};

function closedText(stage: PublicStage): string {
  if (stage.state === 'current') return stage.endsAt ? `Open, ends ${formatDateTime(stage.endsAt)}` : 'Open';
  if (stage.state === 'upcoming') return stage.endsAt ? `Ends ${formatDateTime(stage.endsAt)}` : '—';
  const reason = stage.closeReason ? ` (${CLOSE_REASONS[stage.closeReason]})` : '';
  return stage.closedAt ? `${formatDateTime(stage.closedAt)}${reason}` : `Closed${reason}`;
}

export function StagesTable({ stages, symbol }: { stages: PublicStage[]; symbol: string }) {
  if (stages.length === 0) return <p className="text-muted-foreground text-sm">The sale has no stages yet.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Stage</TableHead>
          <TableHead className="text-right">Price</TableHead>
          <TableHead className="text-right">Allocation</TableHead>
          <TableHead className="text-right">Tokens sold</TableHead>
          <TableHead>Opened</TableHead>
          <TableHead>Closed</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {stages.map((s) => (
          <TableRow key={s.number} aria-current={s.state === 'current' ? 'true' : undefined}>
            <TableCell className="whitespace-nowrap">
              {s.name === `Stage ${String(s.number)}` ? s.name : `${String(s.number)}. ${s.name}`}
              {s.state === 'current' ? <span className="text-primary ml-2 text-xs font-medium">current</span> : null}
            </TableCell>
            <TableCell className="text-right tabular-nums">{stagePriceText(s.priceUsd)}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatAmount(s.allocation)} <span className="text-muted-foreground text-xs">{symbol}</span>
              {s.capacity !== s.allocation ? <span className="text-muted-foreground block text-xs">{formatAmount(s.capacity)} with rolled-over tokens</span> : null}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatAmount(s.tokensSold)}
              {s.rewardTokens !== '0' ? <span className="text-muted-foreground block text-xs">and {formatAmount(s.rewardTokens)} in rewards</span> : null}
            </TableCell>
            <TableCell className="whitespace-nowrap">{s.openedAt ? formatDateTime(s.openedAt) : '—'}</TableCell>
            <TableCell className="whitespace-nowrap">{closedText(s)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
