// The landing's prize draw (id cybertruck, PRODUCT.md §3): shown only while an operator's draw is open,
// waiting for its block, or recently drawn; its rules, the real count of entries, the closing time,
// and after the draw the masked winner with a link to the proof on /transparency.
import { useEffect } from 'react';
import type { CurrentDraw } from '@/contracts/draws';
import { Card, CardContent } from '@/web/components/ui/card';
import { formatDateTime, formatUsd } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { scrollToSection } from '../lib/scroll-to-section';
import { Section } from './section';

type Draw = NonNullable<CurrentDraw['draw']>;

const LINK_CLASS = 'text-primary font-medium underline-offset-4 hover:underline';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 text-center">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}

export default function PrizeDraw({ draw }: { draw: Draw }) {
  const r = draw.rules;
  const chain = draw.commitment.chain === 'bitcoin' ? 'Bitcoin' : `chain ${String(draw.commitment.chainId)}`;
  const proof = `${paths.transparency}#draw-${draw.id}`;
  // Its code and data come after the page's (landing-page.tsx): a link to /#cybertruck is followed here.
  useEffect(() => {
    const section = document.getElementById('cybertruck');
    if (section && decodeURIComponent(window.location.hash.slice(1)) === 'cybertruck') scrollToSection(section);
  }, []);
  return (
    <Section id="cybertruck" title={draw.title} intro={`Prize: ${draw.prize}`}>
      <Card className="mx-auto max-w-3xl">
        <CardContent className="grid gap-6">
          {draw.imageUrl ? <img src={draw.imageUrl} alt={draw.prize} className="mx-auto max-h-72 w-auto rounded-md object-contain" loading="lazy" /> : null}
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
            <Figure label="Entries" value={String(draw.entries)} />
            <Figure label="Buyers taking part" value={String(draw.buyers)} />
            <Figure label={draw.state === 'open' ? 'Closes' : 'Closed'} value={formatDateTime(r.closesAt)} />
          </dl>
          {draw.state === 'drawn' ? (
            <p className="text-center text-lg" role="status">
              {draw.winner ? (
                <>
                  Winner: <strong>{draw.winner}</strong>.{' '}
                </>
              ) : (
                'Nobody took part. '
              )}
              <a href={proof} className={LINK_CLASS}>
                Check the draw
              </a>
            </p>
          ) : draw.state === 'frozen' ? (
            <p className="text-center">
              Entries are closed. The winner is picked by {chain} block {draw.commitment.height} once it is mined.{' '}
              <a href={proof} className={LINK_CLASS}>
                See the entries
              </a>
            </p>
          ) : null}
          <div className="text-muted-foreground grid gap-2 text-sm">
            <p>
              Every approved purchase of at least {formatUsd(r.minUsd)} between {formatDateTime(r.from)} and {formatDateTime(r.to)} takes part
              {r.usdPerEntry ? `, with one entry per ${formatUsd(r.usdPerEntry)} a buyer spent (at least one)` : ', with one entry per buyer'}.
            </p>
            <p>
              The winner is picked by a block nobody knows yet: {chain} block {draw.commitment.height}, fixed when the draw was made. At closing the list of entries is frozen and its hash
              published; the winning entry is SHA-256(block hash ‖ entries hash) mod the number of entries, and anyone can recompute it on the{' '}
              <a href={proof} className={LINK_CLASS}>
                transparency page
              </a>
              .
            </p>
          </div>
        </CardContent>
      </Card>
    </Section>
  );
}
