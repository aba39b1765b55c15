import type { Content } from '@/contracts/content';
import type { Sale } from '@/contracts/sale';
import { Card, CardContent } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatAmount } from '@/web/lib/format';
import { Section } from './section';

export function Rewards({ sale, perks }: { sale: Sale | undefined; perks: Content['perks'] | undefined }) {
  return (
    <Section id="rewards" title="Rewards" intro="Each purchase earns bonus tokens by the level its amount reaches.">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {sale
          ? sale.levels.map((level) => (
              <li key={level.name}>
                <Card spacing="xs" className="h-full items-center text-center">
                  <img src={`/status/${level.name.toLowerCase()}.svg`} alt="" width={48} height={48} className="size-12" />
                  <h3 className="font-semibold">{level.name}</h3>
                  <p className="text-muted-foreground text-sm">
                    from {formatAmount(level.threshold)} {sale.token.symbol}
                  </p>
                  <p className="text-primary text-lg font-bold">+{formatAmount(level.bonusPercent)}% bonus</p>
                </Card>
              </li>
            ))
          : Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-40" />
              </li>
            ))}
      </ul>
      {perks && perks.length > 0 ? (
        <ul className="mt-6 grid gap-3 md:grid-cols-2">
          {perks.map((perk) => (
            <li key={perk.title}>
              <Card className="h-full">
                <CardContent className="grid gap-1">
                  <h3 className="font-semibold">{perk.title}</h3>
                  <p className="text-muted-foreground text-sm">{perk.text}</p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
