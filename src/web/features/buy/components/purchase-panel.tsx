// The chosen purchase (PRODUCT.md §4): limits, the level this purchase reaches, what the buyer pays
// and receives with the bonus, and Buy Now! — disabled with the reason beside it when it cannot go.
import { Award } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { PublicCrypto } from '@/contracts/cryptos';
import type { Sale } from '@/contracts/sale';
import { LEVELS, levelIcon, levelProgress } from '@/domain/levels';
import { piecesText } from '@/domain/stages';
import { Button } from '@/web/components/ui/button';
import { Progress } from '@/web/components/ui/progress';
import { Separator } from '@/web/components/ui/separator';
import { formatAmount, formatPayAmount, formatPercent } from '@/web/lib/format';
import type { CampaignQuote, PurchasePreview } from '../lib/purchase-preview';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{label}</dt>
      <dd className="text-lg font-semibold break-all">{children}</dd>
    </div>
  );
}

function PurchaseLevel({ tokens, symbol }: { tokens: string; symbol: string }) {
  const { level, next, percent } = levelProgress(tokens);
  const label = next ? `Progress to ${next.name}` : 'Max Level';
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-3">
        {level ? (
          <img src={levelIcon(level.name)} alt="" width={32} height={32} className="size-8" />
        ) : (
          <span className="bg-muted flex size-8 items-center justify-center rounded-full">
            <Award className="text-muted-foreground size-4" aria-hidden />
          </span>
        )}
        <p className="text-sm">
          This purchase reaches <span className="font-semibold">{level ? level.name : 'no level yet'}</span>
          {level ? ` (${level.bonusPercent}% bonus)` : ` (${LEVELS[0].name} from ${LEVELS[0].threshold} ${symbol})`}
        </p>
      </div>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="text-muted-foreground">{label}</span>
        <span className="font-medium">{formatPercent(percent)}</span>
      </div>
      <Progress value={Number(percent)} aria-label={label} />
      {next ? (
        <p className="text-muted-foreground text-xs">
          {formatAmount(tokens)} of {formatAmount(next.threshold)} {symbol}
        </p>
      ) : null}
    </div>
  );
}

/** `rate`: tokens per 1 unit of the currency in the stage on sale now (null when none is). */
export function PurchasePanel({
  sale,
  crypto,
  rate,
  preview,
  campaign,
  onBuy,
}: {
  sale: Sale;
  crypto: PublicCrypto;
  rate: string | null;
  preview: PurchasePreview | null;
  campaign: CampaignQuote | null;
  onBuy: () => void;
}) {
  const reasonId = useId();
  const symbol = sale.token.symbol;
  const reason = preview ? preview.blocked : 'Enter an amount.';
  const quote = preview?.quote ?? null;
  return (
    <section aria-label="Your purchase" className="bg-muted/40 grid gap-4 rounded-lg border p-4">
      <dl className="grid grid-cols-2 gap-3">
        <Figure label="Min">
          {formatAmount(sale.limits.minTokens)} {symbol}
        </Figure>
        <Figure label="Max">
          {formatAmount(sale.limits.maxTokens)} {symbol}
        </Figure>
      </dl>
      <Separator />
      <PurchaseLevel tokens={quote?.tokens ?? '0'} symbol={symbol} />
      <Separator />
      <dl className="grid gap-3 sm:grid-cols-2">
        <Figure label="You pay">
          {quote ? formatPayAmount(quote.payAmount) : '—'} {crypto.code}
        </Figure>
        <Figure label="You receive">
          {quote ? formatAmount(quote.tokens) : '—'} {symbol}
        </Figure>
      </dl>
      {quote ? (
        <p className="text-success text-sm font-medium">
          +{formatAmount(quote.bonusTokens)} {symbol} bonus ({quote.bonusPercent}%)
        </p>
      ) : null}
      {quote && campaign ? (
        <p className="text-success text-sm font-medium">
          +{formatAmount(campaign.bonus)} {symbol} campaign bonus ({campaign.code}, {campaign.buyerPercent}%)
        </p>
      ) : null}
      {/* A purchase across a stage boundary: part at this stage's price, the rest at the next's. */}
      {quote && quote.pieces.length > 1 ? <p className="text-sm break-words">Priced across stages: {piecesText(quote.pieces)}</p> : null}
      <p className="text-muted-foreground text-xs">
        {rate ? `1 ${crypto.code} = ${formatAmount(rate)} ${symbol}. ` : null}The server confirms the final amounts when you order.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="button" size="lg" disabled={reason !== null} aria-describedby={reason ? reasonId : undefined} onClick={onBuy}>
          Buy Now!
        </Button>
        {reason ? (
          <p id={reasonId} className="text-muted-foreground text-sm" aria-live="polite">
            {reason}
          </p>
        ) : null}
      </div>
    </section>
  );
}
