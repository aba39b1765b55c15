// GET /api/draws/current is on the landing page's hot path (decision 035): its answer is kept in
// process and dropped when the event bus says it may have changed — a draw made, its text or picture
// changed, frozen or drawn by the job (a `draw` event), or an approval, which may add entries (`sale`,
// and an order approved). No time to live: an answer read before a change is never served after it,
// however soon. Time alone changes the answer only at known instants (an open draw's closing, a drawn
// one leaving the landing), and the kept answer ends at the first of those.
import { DRAW_SHOWN_AFTER_DAYS, type CurrentDraw } from '@/contracts/draws';
import type { Queryable } from '../../db/client';
import type { BusEvent } from '../../plugins/event-bus';
import { getCurrentDraw } from './draws.service';

interface Kept {
  answer: CurrentDraw;
  /** The instant (ms) it was read at, and the first at which time alone changes it: it holds between. */
  since: number;
  until: number;
}

const holdsAt = (kept: Kept, at: number) => kept.since <= at && at < kept.until;

/** Whether an event may change the landing's draw: any draw change, or an approval that may add entries. */
export function changesCurrentDraw(event: BusEvent): boolean {
  return event.type === 'draw' || event.type === 'sale' || (event.type === 'order' && event.status === 'approved');
}

/** When time alone changes this answer: an open draw closes, a drawn one stops being shown. */
function keptUntil(answer: CurrentDraw): number {
  const draw = answer.draw;
  if (!draw) return Infinity;
  if (draw.state === 'open') return Date.parse(draw.rules.closesAt);
  if (draw.state === 'drawn' && draw.drawnAt) return Date.parse(draw.drawnAt) + DRAW_SHOWN_AFTER_DAYS * 24 * 3600_000;
  return Infinity;
}

export class CurrentDrawCache {
  private kept: Kept | null = null;
  private loading: Promise<Kept> | null = null;
  /** Bumped by every invalidation, so a read that started before a change is not kept after it. */
  private generation = 0;
  /** Reads of the database, for tests that check the cache answers without one. */
  reads = 0;

  constructor(private readonly db: Queryable) {}

  invalidate(): void {
    this.kept = null;
    this.loading = null;
    this.generation++;
  }

  async get(now = new Date()): Promise<CurrentDraw> {
    if (this.kept && holdsAt(this.kept, now.getTime())) return this.kept.answer;
    const generation = this.generation;
    // Concurrent requests share one read.
    const loading = (this.loading ??= this.read(now));
    try {
      const kept = await loading;
      if (generation === this.generation && holdsAt(kept, now.getTime())) this.kept = kept;
      return kept.answer;
    } finally {
      if (this.loading === loading) this.loading = null;
    }
  }

  private async read(now: Date): Promise<Kept> {
    this.reads++;
    const answer = await getCurrentDraw(this.db, now);
    return { answer, since: now.getTime(), until: keptUntil(answer) };
  }
}
