// Status (PRODUCT.md §4, §9): the buyer's level from their balance and every level with its perks.
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/web/components/ui/accordion';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { LEVELS, levelIcon } from '@/domain/levels';
import { LevelCard } from '@/web/features/dashboard/components/level-card';
import { useBuyer } from '@/web/features/dashboard/hooks/use-buyer';
import { useSale } from '@/web/api/first-screen';
import { formatAmount } from '@/web/lib/format';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Status');
  const me = useBuyer();
  const { data: sale } = useSale();
  const symbol = sale?.token.symbol ?? '';
  const current = me.progress.level;

  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Status</h1>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <LevelCard me={me} symbol={symbol} />
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>All levels</CardTitle>
            <CardDescription>
              Your level follows your balance. A purchase earns the bonus of the level its own amount reaches.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Accordion type="single" collapsible defaultValue={current ?? undefined}>
              {LEVELS.map((level) => (
                <AccordionItem key={level.name} value={level.name}>
                  <AccordionTrigger className="items-center">
                    <span className="flex items-center gap-3">
                      <img src={levelIcon(level.name)} alt="" width={32} height={32} className="size-8" />
                      <span className="grid">
                        <span className="font-semibold">{level.name}</span>
                        <span className="text-muted-foreground text-xs font-normal">
                          From {formatAmount(level.threshold)} {symbol} · {level.bonusPercent}% bonus
                        </span>
                      </span>
                      {level.name === current ? <Badge variant="success">Current</Badge> : null}
                    </span>
                  </AccordionTrigger>
                  <AccordionContent>
                    <ul className="text-muted-foreground grid list-disc gap-1 pl-5">
                      <li>
                        Reached with a balance of {formatAmount(level.threshold)} {symbol} or more.
                      </li>
                      <li>
                        A single purchase of {formatAmount(level.threshold)} {symbol} or more earns a {level.bonusPercent}% token bonus.
                      </li>
                    </ul>
                  </AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
