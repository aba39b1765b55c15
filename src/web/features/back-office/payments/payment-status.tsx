// The top of the Payments page (issue 28): one line per chain family or chain saying whether its
// payments are watched, and what is missing in words, each linking to the settings below.
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import type { PaymentState, PaymentStatus as Status } from './payment-statuses';

const VARIANTS: Record<PaymentState, 'success' | 'warning' | 'secondary'> = { watching: 'success', on: 'success', 'key-only': 'warning', off: 'secondary' };

export function PaymentStatus({ statuses }: { statuses: readonly Status[] }) {
  return (
    <Card role="region" aria-labelledby="payment-status-title">
      <CardHeader>
        <CardTitle id="payment-status-title">Payment status</CardTitle>
        <CardDescription>Each chain is set up in three steps, in order: 1 its account key, 2 an endpoint to read the chain, 3 the rules for crediting a payment.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Status per chain">
          {statuses.map((s) => (
            <li key={s.target} aria-label={s.name} className="grid gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <div className="flex flex-wrap items-center gap-2 sm:grid sm:content-start sm:justify-items-start">
                <a href={`#${s.target}`} className="font-medium underline-offset-4 hover:underline">
                  {s.name}
                </a>
                <Badge variant={VARIANTS[s.state]}>{s.label}</Badge>
              </div>
              <div className="text-muted-foreground grid gap-1 text-sm">
                {s.details.map((d) => (
                  <p key={d} className="break-words">
                    {d}
                  </p>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
