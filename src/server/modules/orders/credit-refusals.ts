// Why the database refused an operator's credit, in the words the operator reads: the tokens no
// longer fit under the hard cap (PS001) or in the stage they are priced in (PS003). Either may be
// overridden, on purpose, by ticking the dialog's box (`allowOverHardCap`, audited).
import { dec, toPlain } from '@/domain/decimal';
import { groupDigits } from '@/domain/quote';
import type { Queryable } from '../../db/client';
import { hardCapRefusal, stageCapRefusal } from '../../db/errors';
import { AppError } from '../../errors';
import { findStages, getSaleSettings, stageFigures } from '../sale/sale.service';

/** Whether the database refused a statement for the hard cap or a stage's allocation. */
export function isCapRefusal(error: unknown): boolean {
  return hardCapRefusal(error) !== undefined || stageCapRefusal(error) !== undefined;
}

/**
 * The operator's 409 for `error` when it is a cap refusal, else undefined. `subject` names the tokens
 * ("This expired order's 1,000 PRE"), `action` what the override does ("Approve it").
 */
export async function creditRefusal(db: Queryable, error: unknown, subject: string, action: string): Promise<AppError | undefined> {
  const cap = hardCapRefusal(error);
  const stage = cap ? undefined : stageCapRefusal(error);
  if (!cap && !stage) return undefined;
  const sale = await getSaleSettings(db);
  const left = (tokens: string) => `${groupDigits(toPlain(dec(tokens)))} ${sale.tokenSymbol}`;
  if (cap) return new AppError('over_hard_cap', `${subject} no longer fit under the hard cap (${left(cap.tokensLeft)} left). ${action} beyond the cap only if you mean to sell more than the cap.`);
  if (!stage) return undefined;
  const named = stageFigures(await findStages(db)).find((s) => s.id === stage.stageId);
  const where = !named ? 'their stage' : named.name === `Stage ${String(named.number)}` ? named.name : `Stage ${String(named.number)} (${named.name})`;
  return new AppError('over_hard_cap', `${subject} no longer fit in ${where}, which has ${left(stage.tokensLeft)} left. ${action} beyond the stage's allocation only if you mean to sell more than it holds.`);
}
