// Closes and draws the prize draws (decision 035). Both are judged by stored instants and the chain,
// not by when this runs: a draw's entries are the orders approved in its window, whenever it is frozen,
// and its winner is picked by the committed block, whenever that block is read.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { EventBus } from '../plugins/event-bus';
import { drawDueDraws, freezeDueDraws, type BlockSources, type DrawReport } from '../modules/draws/draws.service';
import { IntervalJob } from './interval-job';

export class PrizeDrawJob extends IntervalJob<{ frozen: number; draws: DrawReport[] }> {
  constructor(
    private readonly database: Db,
    private readonly publicUrl: string,
    intervalMs: number,
    log: FastifyBaseLogger,
    /** Told when a draw is frozen or drawn: every instance's copy of the landing's draw is then stale. */
    private readonly events: Pick<EventBus, 'publish'>,
    private readonly sources?: BlockSources,
  ) {
    super(database, 'prize-draw', intervalMs, log);
  }

  async runOnce(now = new Date()): Promise<{ frozen: number; draws: DrawReport[] }> {
    let frozen = 0;
    try {
      frozen = await freezeDueDraws(this.database, now);
      if (frozen > 0) {
        this.events.publish({ type: 'draw' });
        this.log.info({ frozen }, 'froze the entries of closed prize draws');
      }
    } catch (error) {
      this.log.error({ err: error }, 'freezing prize draws failed');
    }
    let draws: DrawReport[] = [];
    try {
      draws = await drawDueDraws(this.database, now, this.publicUrl, this.sources);
      if (draws.some((d) => d.outcome === 'drawn')) this.events.publish({ type: 'draw' });
      for (const d of draws) if (d.outcome === 'drawn' || d.outcome === 'error') this.log.info({ draw: d }, 'prize draw');
    } catch (error) {
      this.log.error({ err: error }, 'drawing prize draws failed');
    }
    return { frozen, draws };
  }
}
