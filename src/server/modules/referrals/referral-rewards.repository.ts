// The rows a referral reward reads and writes inside the approval's transaction (decision 031).
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { dec, toPlain, type Decimal } from '@/domain/decimal';
import type { Queryable } from '../../db/client';
import type { LedgerKind } from '@/domain/ledger-kinds';
import { campaignRewards, ledgerEntries, referralRewards, saleSettings, saleStages, users } from '../../db/schema';

export type Account = Pick<typeof users.$inferSelect, 'id' | 'email' | 'referredBy' | 'registrationIp' | 'receivingWallet'>;

const ACCOUNT = { id: users.id, email: users.email, referredBy: users.referredBy, registrationIp: users.registrationIp, receivingWallet: users.receivingWallet };

export async function accountOf(tx: Queryable, id: number): Promise<Account | undefined> {
  const [row] = await tx.select(ACCOUNT).from(users).where(eq(users.id, id));
  return row;
}

/** What is left of the sale to reward from: the current stage's room, within the hard cap. Locks both rows. */
export async function roomLeft(tx: Queryable): Promise<{ stage: { id: number; position: number } | null; room: Decimal }> {
  const [sale] = await tx.select({ committed: saleSettings.tokensCommitted, cap: saleSettings.hardCap }).from(saleSettings).where(eq(saleSettings.id, 1)).for('update');
  const [stage] = await tx
    .select({ id: saleStages.id, position: saleStages.position, committed: saleStages.tokensCommitted, maySell: sql<string>`(${saleStages.allocation} + ${saleStages.rolledIn} - ${saleStages.rolledOut})::text` })
    .from(saleStages)
    .where(isNull(saleStages.closedAt))
    .orderBy(asc(saleStages.position))
    .limit(1)
    .for('update');
  if (!sale || !stage) return { stage: null, room: dec(0) };
  const room = [dec(sale.cap).minus(sale.committed), dec(stage.maySell).minus(stage.committed)].reduce((a, b) => (a.lt(b) ? a : b));
  return { stage: { id: stage.id, position: stage.position }, room: room.gt(0) ? room : dec(0) };
}

/**
 * Rewards come out of the current stage like a purchase: its committed figure and the sale's grow by
 * them (the orders trigger then leaves that much less for orders), and a stage they fill closes as
 * sold out, recorded as the trigger records it. They are counted apart from the tokens sold, which
 * stay the approved purchases' (what /transparency and the progress show as sold).
 */
export async function takeFromStage(tx: Queryable, stageId: number, tokens: Decimal): Promise<void> {
  const t = toPlain(tokens);
  await tx.update(saleSettings).set({ tokensCommitted: sql`${saleSettings.tokensCommitted} + ${t}`, rewardTokens: sql`${saleSettings.rewardTokens} + ${t}` }).where(eq(saleSettings.id, 1));
  await tx.update(saleStages).set({ tokensCommitted: sql`${saleStages.tokensCommitted} + ${t}`, rewardTokens: sql`${saleStages.rewardTokens} + ${t}`, updatedAt: new Date() }).where(eq(saleStages.id, stageId));
  await tx.execute(sql`
    with closed as (
      update sale_stages set closed_at = now(), close_reason = 'sold_out', committed_at_close = tokens_committed, sold_at_close = tokens_sold, updated_at = now()
        where id = ${stageId} and closed_at is null and tokens_committed >= allocation + rolled_in - rolled_out
        returning id, position, name, tokens_committed, tokens_sold
    ), audited as (
      insert into audit_log (operator_login, action, entity, "before", "after")
        select 'Automatic', 'stage.closed', 'stage:' || id, null,
               jsonb_build_object('stage', position, 'name', name, 'reason', 'sold_out', 'tokensCommitted', tokens_committed::text, 'tokensSold', tokens_sold::text)
          from closed
        returning 1
    )
    select pg_notify('presale_events', '{"from":"database","events":[{"type":"sale"}]}') from audited`);
}

export type LedgerEntryInsert = typeof ledgerEntries.$inferInsert;

export async function insertRewardEntries(tx: Queryable, entries: LedgerEntryInsert[]): Promise<void> {
  if (entries.length > 0) await tx.insert(ledgerEntries).values(entries);
}

export async function insertRewardRow(tx: Queryable, row: typeof referralRewards.$inferInsert): Promise<void> {
  await tx.insert(referralRewards).values(row);
}

/** The stages an order's referral rewards and campaign rewards came out of (null: none recorded). */
export async function findRewardStages(tx: Queryable, orderId: number): Promise<{ referral: number | null; campaign: number | null }> {
  const [[referral], [campaign]] = await Promise.all([
    tx.select({ stageId: referralRewards.stageId }).from(referralRewards).where(eq(referralRewards.orderId, orderId)),
    tx.select({ stageId: campaignRewards.stageId }).from(campaignRewards).where(eq(campaignRewards.orderId, orderId)),
  ]);
  return { referral: referral?.stageId ?? null, campaign: campaign?.stageId ?? null };
}

/** The reward entries an order paid, per account and kind. */
export async function sumRewardEntriesOfOrder(tx: Queryable, orderId: number, kinds: LedgerKind[]): Promise<{ userId: number; kind: LedgerKind; amount: string }[]> {
  return tx
    .select({ userId: ledgerEntries.userId, kind: ledgerEntries.kind, amount: sql<string>`sum(${ledgerEntries.amount})::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), inArray(ledgerEntries.kind, kinds)))
    .groupBy(ledgerEntries.userId, ledgerEntries.kind);
}

/**
 * Reversed rewards go back where `takeFromStage` took them: the sale's and the stage's committed and
 * reward figures shrink by them. A stage closed since has its freed room roll into the next open
 * stage when the sale's setting says roll over, as the orders trigger does for orders' tokens.
 */
export async function giveBackToStage(tx: Queryable, stageId: number | null, tokens: Decimal): Promise<void> {
  const t = toPlain(tokens);
  await tx.update(saleSettings).set({ tokensCommitted: sql`${saleSettings.tokensCommitted} - ${t}`, rewardTokens: sql`${saleSettings.rewardTokens} - ${t}` }).where(eq(saleSettings.id, 1));
  if (stageId === null) return;
  await tx.update(saleStages).set({ tokensCommitted: sql`${saleStages.tokensCommitted} - ${t}`, rewardTokens: sql`${saleStages.rewardTokens} - ${t}`, updatedAt: new Date() }).where(eq(saleStages.id, stageId));
  await tx.execute(sql`
    with freed as (
      select st.id, st.position, least(${t}::numeric, greatest(st.allocation + st.rolled_in - st.rolled_out - st.tokens_committed, 0)) as tokens
        from sale_stages st, sale_settings s
        where st.id = ${stageId} and st.closed_at is not null and s.id = 1 and s.unsold_stage_tokens = 'roll_over'
    ), next as (
      select n.id, f.tokens from freed f
        join lateral (select id from sale_stages where position > f.position and closed_at is null order by position limit 1) n on true
        where f.tokens > 0
    ), moved_out as (
      update sale_stages set rolled_out = rolled_out + next.tokens, updated_at = now() from next where sale_stages.id = ${stageId} returning 1
    )
    update sale_stages set rolled_in = rolled_in + next.tokens, updated_at = now() from next where sale_stages.id = next.id`);
}
