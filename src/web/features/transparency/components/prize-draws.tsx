// The prize draws on /transparency (decision 035): each draw's rules, its committed block, the frozen
// entries (masked) with their hash, the block's hash and the winner, a download of draw.json, and a
// check in this browser that recomputes the winner with the same code as `npm run verify-draw`
// (src/domain/prize-draw.ts, WebCrypto's SHA-256), loaded only when asked for.
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { PublishedDraw } from '@/contracts/draws';
import { SectionCard } from '@/web/components/section-card';
import { CheckOutcome, type CheckResult } from './check-outcome';
import { Button } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { drawJsonUrl, getPublishedDraw, usePublishedDraw, usePublishedDraws } from '@/web/api/transparency';
import { formatDateTime, formatUsd } from '@/web/lib/format';

type Outcome = CheckResult;

const STATE_TEXT: Record<PublishedDraw['state'], string> = { open: 'Open', frozen: 'Closed, waiting for its block', drawn: 'Drawn' };

function chainName(c: PublishedDraw['commitment']): string {
  return c.chain === 'bitcoin' ? 'Bitcoin' : `EVM chain ${String(c.chainId)}`;
}

function DrawCheck({ id }: { id: number }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setOutcome(null);
    setRunning(true);
    try {
      const [{ verifyDraw }, draw] = await Promise.all([import('@/domain/prize-draw'), getPublishedDraw(id)]);
      const check = await verifyDraw(draw);
      if (!check.ok) setOutcome({ ok: false, text: `The draw does not verify: ${check.problem}` });
      else if (check.state === 'open') setOutcome({ ok: true, text: `The draw is committed to block ${draw.commitment.height}, above the tip (${draw.commitment.tipAtCreation}) when it was made. Its entries are frozen at its closing.` });
      else if (check.state === 'frozen') setOutcome({ ok: true, text: `The ${draw.entries.length} entries hash to ${String(check.entriesHash)}, as published. The winner is picked once block ${draw.commitment.height} has ${draw.commitment.confirmations} confirmations.` });
      else if (check.position === null) setOutcome({ ok: true, text: 'The draw verifies: nobody took part, so there is no winner.' });
      else {
        setOutcome({
          ok: true,
          text: `The draw verifies: the entries hash to ${String(check.entriesHash).slice(0, 16)}…, block ${draw.commitment.height} and that hash give seed ${String(check.seed).slice(0, 16)}…, and ticket ${String(check.ticket)} of ${String(draw.totalEntries)} is entry ${check.position + 1}, ${draw.entries[check.position]?.buyer ?? ''}.`,
        });
      }
    } catch (e) {
      setOutcome({ ok: false, text: `The draw could not be checked: ${e instanceof Error ? e.message : String(e)}` });
    } finally {
      setRunning(false);
    }
  };
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <Button type="button" onClick={() => void run()} disabled={running}>
          {running ? <Spinner /> : null}
          Check in this browser
        </Button>
        <a href={drawJsonUrl(id)} download={`draw-${id}.json`} className="text-primary inline-flex items-center gap-1.5 text-sm font-medium underline-offset-4 hover:underline">
          <Download className="size-4" aria-hidden />
          Download draw.json
        </a>
      </div>
      <CheckOutcome outcome={outcome} />
    </div>
  );
}

function Hash({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="font-mono text-xs break-all">{value ?? '—'}</dd>
    </div>
  );
}

function DrawDetail({ id }: { id: number }) {
  const { data: draw, isError } = usePublishedDraw(id);
  if (isError) return <p className="text-destructive text-sm">This draw could not be loaded.</p>;
  if (!draw) return <Spinner />;
  const r = draw.rules;
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Approved purchases of at least {formatUsd(r.minUsd)} from {formatDateTime(r.from)} to {formatDateTime(r.to)} take part
        {r.usdPerEntry ? `, one entry per ${formatUsd(r.usdPerEntry)} (at least one)` : ', one entry per buyer'}. Entries are frozen at {formatDateTime(r.closesAt)}. A purchase its buyer
        could still withdraw then, or asked to withdraw before then, does not take part.
      </p>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Hash label="Committed block" value={`${chainName(draw.commitment)} block ${draw.commitment.height} (the tip was ${draw.commitment.tipAtCreation} when the draw was made, ${formatDateTime(draw.commitment.createdAt)})`} />
        <Hash label="Entries hash" value={draw.entriesHash} />
        <Hash label="Block hash" value={draw.block ? `${draw.block.hash} (mined ${formatDateTime(draw.block.time)})` : null} />
        <Hash label="Winner" value={draw.winner ? `Entry ${draw.winner.position + 1}, ${draw.winner.buyer} (ticket ${draw.winner.ticket} of ${String(draw.totalEntries)})` : draw.state === 'drawn' ? 'Nobody took part' : null} />
      </dl>
      {draw.entries.length > 0 ? (
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Entries of {draw.title}</caption>
            <thead>
              <tr className="text-muted-foreground text-left">
                <th className="py-1 pr-3 font-medium">#</th>
                <th className="py-1 pr-3 font-medium">Buyer</th>
                <th className="py-1 pr-3 font-medium">Orders</th>
                <th className="py-1 font-medium">Entries</th>
              </tr>
            </thead>
            <tbody>
              {draw.entries.map((e, i) => (
                <tr key={i} className={draw.winner?.position === i ? 'font-semibold' : undefined}>
                  <td className="py-1 pr-3">{i + 1}</td>
                  <td className="py-1 pr-3">{e.buyer}</td>
                  <td className="py-1 pr-3 font-mono text-xs">{e.orderIds.join(', ')}</td>
                  <td className="py-1">{e.entries}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <DrawCheck id={id} />
    </div>
  );
}

export function PrizeDraws() {
  const { data } = usePublishedDraws();
  if (!data || data.draws.length === 0) return null;
  return (
    <SectionCard
      title="Prize draws"
      description={
        <>
          Each draw commits to a future block when it is made. At closing its entries are frozen and hashed; the winner is entry SHA-256(block hash ‖ entries hash) mod the number of entries. Check it
          here or with <code className="font-mono">npm run verify-draw -- draw.json</code>.
        </>
      }
    >
      {data.draws.map((d) => (
        <section key={d.id} id={`draw-${d.id}`} aria-labelledby={`draw-${d.id}-title`} className="grid gap-3 border-t pt-4 first:border-t-0 first:pt-0">
          <h3 id={`draw-${d.id}-title`} className="font-semibold">
            {d.title} <span className="text-muted-foreground text-sm font-normal">— {STATE_TEXT[d.state]}</span>
          </h3>
          <p className="text-sm">Prize: {d.prize}</p>
          <DrawDetail id={d.id} />
        </section>
      ))}
    </SectionCard>
  );
}
