// Stages that closed by time (issue 30): a stage is closed from its end instant on, whenever this
// runs; recording the closing writes its figures, passes what it did not sell to the next open stage
// (when the sale rolls unsold tokens over) and writes the audit log. A stage that sells out is
// recorded by the orders trigger in the statement that sold it (migration 0027).
import { dec, toPlain } from '@/domain/decimal';
import { tokensLeftIn, type StageCloseReason } from '@/domain/stages';
import { AUTOMATIC, type Actor } from '../../actor';
import type { Queryable } from '../../db/client';
import { recordAudit } from '../audit/audit.service';
import { closeStageRow, findStages, rollTokens, stageFigures, type StageRow } from './stages.repository';
import type { SaleSettingsRow } from './sale.repository';

/** A closing just recorded. */
export interface StageClosing {
  id: number;
  number: number;
  name: string;
  closedAt: Date;
  reason: StageCloseReason;
  /** Tokens passed to the next open stage. */
  rolled: string;
}

/**
 * Records the closing of every stage whose end instant has come by `now` and is not recorded yet,
 * in sale order, each at its own end instant. Call inside a transaction that holds the sale's lock.
 */
export async function recordStageClosings(tx: Queryable, sale: Pick<SaleSettingsRow, 'unsoldStageTokens'>, now: Date): Promise<StageClosing[]> {
  let stages = await findStages(tx);
  const due = stages.filter((s) => s.closedAt === null && s.endsAt !== null && s.endsAt <= now).map((s) => s.id);
  const closings: StageClosing[] = [];
  for (const id of due) {
    const closing = await closeStage(tx, stages, id, sale, 'ended', AUTOMATIC);
    if (closing) closings.push(closing);
    // The next stage's figures changed if tokens rolled into it.
    if (closing && closing.rolled !== '0') stages = await findStages(tx);
  }
  return closings;
}

/**
 * Closes one stage (at its end instant for `ended`, at once for `ended_early`): records it, rolls
 * what it did not sell into the next open stage when the sale says so, and writes the audit entry.
 * Undefined when it was closed already.
 */
export async function closeStage(
  tx: Queryable,
  stages: readonly StageRow[],
  id: number,
  sale: Pick<SaleSettingsRow, 'unsoldStageTokens'>,
  reason: Exclude<StageCloseReason, 'sold_out'>,
  actor: Actor,
  now = new Date(),
): Promise<StageClosing | undefined> {
  const figures = stageFigures(stages);
  const stage = figures.find((s) => s.id === id);
  if (!stage) return undefined;
  const closedAt = reason === 'ended' && stage.endsAt ? stage.endsAt : now;
  const row = await closeStageRow(tx, id, closedAt, reason);
  if (!row) return undefined;
  const unsold = tokensLeftIn(stage);
  const next = figures.find((s) => s.number > stage.number && s.closedAt === null);
  const rolled = sale.unsoldStageTokens === 'roll_over' && next && unsold.gt(0) ? toPlain(unsold) : '0';
  if (next && rolled !== '0') await rollTokens(tx, stage.id, next.id, rolled);
  await recordAudit(tx, actor, reason === 'ended' ? 'stage.closed' : 'stage.ended', `stage:${stage.id}`, null, {
    stage: stage.number,
    name: stage.name,
    reason,
    closedAt: closedAt.toISOString(),
    tokensCommitted: toPlain(dec(row.committedAtClose ?? '0')),
    tokensSold: toPlain(dec(row.soldAtClose ?? '0')),
    unsold: toPlain(unsold),
    rolledTo: rolled !== '0' && next ? { stage: next.number, tokens: rolled } : null,
  });
  return { id: stage.id, number: stage.number, name: stage.name, closedAt, reason, rolled };
}
