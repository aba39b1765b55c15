import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import type { Sale } from '@/contracts/sale';
import { buttonVariants } from '@/web/components/ui/button-variants';
import { Card, CardContent } from '@/web/components/ui/card';
import { Progress } from '@/web/components/ui/progress';
import { Skeleton } from '@/web/components/ui/skeleton';
import { saleQueryKey, useMe, useSale } from '@/web/api/first-screen';
import { formatAmount, formatFixed, formatProgress, formatUsd, formatUsdPrice } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { stagesAt } from '@/web/lib/sale-stages';
import { countdownTarget } from '../lib/countdown';
import { Countdown } from './countdown';

/** The stage block, loaded only for a sale with several stages: a sale in one stage does without its code. */
const StageFigures = lazy(() => import('./stage-figures'));
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
      {sale.scheduled && sale.stages.length > 1 && current ? (
        <Suspense fallback={<Skeleton className="h-28 w-full" />}>
          <StageFigures sale={sale} stage={current} next={next} now={now} />
        </Suspense>
      ) : null}
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

