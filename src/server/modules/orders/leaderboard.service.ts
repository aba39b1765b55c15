import type { Leaderboard } from '@/contracts/orders';
import { dec, toFixed } from '@/domain/decimal';
import { levelOf } from '@/domain/levels';
import { maskEmail } from '@/domain/mask';
import type { Queryable } from '../../db/client';
import { topDepositors } from './leaderboard.repository';

/** The top buyers by approved deposits, their e-mail addresses masked. */
export async function getLeaderboard(db: Queryable, limit = 10): Promise<Leaderboard> {
  const rows = await topDepositors(db, limit);
  return {
    rows: rows.map((r, i) => ({ rank: i + 1, player: maskEmail(r.email), depositsUsd: toFixed(dec(r.depositsUsd), 2), level: levelOf(r.tokens)?.name ?? null })),
  };
}
