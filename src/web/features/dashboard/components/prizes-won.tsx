// The prize draws the buyer won (decision 035), on the dashboard: nothing while they won none.
import { Gift } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useMyPrizes } from '@/web/api/draws';
import { formatDateTime } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';

export function PrizesWon() {
  const { data } = useMyPrizes();
  if (!data || data.prizes.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gift className="size-5" aria-hidden /> You won a prize draw
        </CardTitle>
        <CardDescription>Picked by a public block; anyone can check the draw on the transparency page.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm">
          {data.prizes.map((p) => (
            <li key={p.id} className="grid gap-0.5">
              <span className="font-semibold">
                {p.title}: {p.prize}
              </span>
              <span>
                Drawn {formatDateTime(p.drawnAt)}. {p.deliveredAt ? `Delivered ${formatDateTime(p.deliveredAt)}: ${p.deliveryNote ?? ''}` : 'The sale team will contact you about the delivery.'}{' '}
                <a className="text-primary underline-offset-4 hover:underline" href={`${paths.transparency}#draw-${p.id}`}>
                  Check the draw
                </a>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
