// GET /api/sale's stages as the domain's StageFigures, so the buy preview prices a purchase with the
// same function the server stores orders with (domain/stages.ts quoteAcrossStages).
import type { Sale } from '@/contracts/sale';
import { dec, toPlain } from '@/domain/decimal';
import type { StageFigures } from '@/domain/stages';

/**
 * The server sends what each stage can still take (`tokensLeft`: the current stage's includes what a
 * stage that ended unrecorded rolls on to it; 0 once closed), so what a stage holds is its capacity
 * less that. Buyers are not sent stage ids: the number stands in for one.
 */
export function stageFiguresOf(sale: Pick<Sale, 'stages'>): StageFigures[] {
  return sale.stages.map((stage) => ({
    id: stage.number,
    number: stage.number,
    name: stage.name,
    priceUsd: stage.priceUsd,
    allocation: stage.allocation,
    capacity: stage.capacity,
    tokensCommitted: toPlain(dec(stage.capacity).minus(stage.tokensLeft)),
    tokensSold: stage.tokensSold,
    endsAt: stage.endsAt === null ? null : new Date(stage.endsAt),
    closedAt: stage.closedAt === null ? null : new Date(stage.closedAt),
  }));
}
