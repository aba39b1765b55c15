import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import { BONUS_KINDS, REWARD_KINDS } from '@/domain/ledger-kinds';
import type { Queryable } from '../../db/client';
import { ledgerEntries } from '../../db/schema';

/**
 * A buyer's balance is the sum of their ledger entries; bonus tokens are the bonus entries among them;
 * the level counts what the buyer bought (with its bonus), not referral rewards.
 */
export async function sumLedger(db: Queryable, userId: number): Promise<{ balance: string; bonusTokens: string; levelTokens: string }> {
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
      bonusTokens: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${inArray(ledgerEntries.kind, [...BONUS_KINDS])}), 0)::text`,
      levelTokens: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${notInArray(ledgerEntries.kind, [...REWARD_KINDS])}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return { balance: row?.balance ?? '0', bonusTokens: row?.bonusTokens ?? '0', levelTokens: row?.levelTokens ?? '0' };
}
