import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PublicStage, Sale } from '@/contracts/sale';
import { stagePriceText } from '@/domain/stage-price-text';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { Card, CardContent } from '@/web/components/ui/card';
import { Progress } from '@/web/components/ui/progress';
import { Skeleton } from '@/web/components/ui/skeleton';
import { saleQueryKey, useMe, useSale } from '@/web/api/first-screen';
import { formatAmount, formatDateTime, formatFixed, formatProgress, formatUsd, formatUsdPrice } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { stageNameBeyondNumber, stagesAt, stageTakenPercent } from '@/web/lib/sale-stages';
import { countdownTarget, formatRemaining } from '../lib/countdown';
import { useServerNow } from '../lib/use-server-clock';

const STATE_NOTICE: Partial<Record<Sale['state'], string>> = {
  ended: 'The presale has ended.',
  sold_out: 'The presale is sold out.',
};

/** What the card says instead of a countdown and a buy button (none while the sale is unscheduled). */
function noticeOf(sale: Sale): string | undefined {
  return sale.scheduled ? STATE_NOTICE[sale.state] : 'The presale opens soon.';
}

export function PresaleCard({ heading, subheading }: { heading: string | undefined; subheading: string | undefined }) {
  const { data: sale, dataUpdatedAt, isError } = useSale();
  const { data: me } = useMe();

  return (
    <Card spacing="md" elevation="raised" className="w-full max-w-md">
      <CardContent className="grid gap-5">
        <div className="grid gap-2 text-center">
          {heading ? <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1> : <Skeleton className="mx-auto h-8 w-3/4" />}
          {/* The subheading invites buyers; once the sale is over, the card says so instead. */}
          {subheading && !(sale && noticeOf(sale)) ? <p className="text-muted-foreground text-sm">{subheading}</p> : null}
        </div>
        {sale ? (
          <SaleFigures sale={sale} receivedAt={dataUpdatedAt} signedIn={Boolean(me)} />
        ) : isError ? (
          <p role="alert" className="text-destructive text-center text-sm">
            The sale figures could not be loaded. Reload the page to try again.
          </p>
        ) : (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading sale figures">
            <Skeleton className="h-5 w-1/2 justify-self-center" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function SaleFigures({ sale, receivedAt, signedIn }: { sale: Sale; receivedAt: number; signedIn: boolean }) {
  const symbol = sale.token.symbol;
  const target = countdownTarget(sale);
  const now = useServerNow(sale.serverTime, receivedAt);
  const remaining = target ? target.at - now : 0;
  const queryClient = useQueryClient();
  const notice = noticeOf(sale);
  // The stage on sale by the clock, not only as last fetched: at a stage's end the next one shows at once.
  const { current, next } = stagesAt(sale, now);
  const stageEnd = sale.stages.find((s) => s.state === 'current')?.endsAt ?? null;

  // When the instant passes, the sale's state (or its stage) changes on the server: ask for it at once.
  const passed = target !== null && remaining <= 0;
  const stagePassed = stageEnd !== null && Date.parse(stageEnd) <= now;
  useEffect(() => {
    if (passed || stagePassed) void queryClient.invalidateQueries({ queryKey: saleQueryKey });
  }, [passed, stagePassed, queryClient]);

  return (
    <>
      <p className="bg-muted rounded-md py-2 text-center font-medium">
        1.00 {symbol} = {formatUsdPrice(current?.priceUsd ?? sale.priceUsd)}
      </p>
      {/* A sale in one stage reads as it always did: no "Stage 1 of 1". */}
      {sale.scheduled && sale.stages.length > 1 && current ? <StageFigures sale={sale} stage={current} next={next} now={now} /> : null}
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between text-sm">
          <span className="font-medium">Progress: {formatProgress(sale.progressPercent, sale.tokensSold, sale.hardCap)}</span>
          <span className="text-muted-foreground">{sale.buyers === 1 ? '1 buyer' : `${formatFixed(String(sale.buyers), 0)} buyers`}</span>
        </div>
        <Progress value={Number(sale.progressPercent)} aria-label="Sale progress" />
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="bg-muted/50 rounded-md p-2">
            <dt className="text-muted-foreground text-xs">Raised</dt>
            <dd className="font-semibold">{formatUsd(sale.raisedUsd)}</dd>
          </div>
          <div className="bg-muted/50 rounded-md p-2">
            <dt className="text-muted-foreground text-xs">Tokens sold</dt>
            <dd className="font-semibold break-words">
              {formatAmount(sale.tokensSold)} / {formatAmount(sale.hardCap)} {symbol}
            </dd>
          </div>
        </dl>
      </div>
      {target ? <Countdown label={target.label} at={target.at} now={now} /> : null}
      {notice ? (
        <p role="status" className="bg-muted rounded-md p-3 text-center font-medium">
          {notice}
        </p>
      ) : (
        <a href={signedIn ? paths.buyToken : paths.register} className={buttonVariants({ size: 'xl', className: 'w-full' })}>
          Purchase Tokens!
        </a>
      )}
    </>
  );
}

/** The stage on sale (PRODUCT.md §3): its number of all, name, what is left in it with its bar, the next price and its end. */
function StageFigures({ sale, stage, next, now }: { sale: Sale; stage: PublicStage; next: PublicStage | undefined; now: number }) {
  const name = stageNameBeyondNumber(stage);
  const endsAt = stage.endsAt === null ? null : Date.parse(stage.endsAt);
  // A stage ending with the sale (or after it) needs no countdown of its own: the sale's says it.
  const ownEnd = sale.state === 'live' && endsAt !== null && (sale.endsAt === null || endsAt < Date.parse(sale.endsAt));
  return (
    <section aria-label="Current stage" className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold">
          Stage {stage.number} of {sale.stages.length}
        </span>
        {name ? <span className="text-muted-foreground min-w-0 break-words">{name}</span> : null}
      </div>
      <Progress value={stageTakenPercent(stage)} aria-label={`Stage ${stage.number} progress`} />
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span>
          {formatAmount(stage.tokensLeft)} {sale.token.symbol} left in this stage
        </span>
        {next ? <span className="font-medium">Next price {stagePriceText(next.priceUsd)}</span> : null}
      </div>
      {ownEnd ? <Countdown label="Stage ends in" at={endsAt} now={now} size="sm" /> : null}
    </section>
  );
}

function Countdown({ label, at, now, size = 'lg' }: { label: string; at: number; now: number; size?: 'lg' | 'sm' }) {
  return (
    <div className="grid gap-1 text-center">
      <p className="text-muted-foreground text-sm">{label}</p>
      <p className={size === 'lg' ? 'font-mono text-3xl font-semibold tabular-nums' : 'font-mono text-xl font-semibold tabular-nums'} role="timer" aria-live="off" aria-label={label}>
        {formatRemaining(at - now)}
      </p>
      <p className="text-muted-foreground text-xs">{formatDateTime(new Date(at).toISOString())}</p>
    </div>
  );
}
