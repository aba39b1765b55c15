// The prize draws' rows (decision 035). Their rules never change after the insert (the migration's
// trigger refuses it); the results are written once each, guarded by their column still being empty.
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orders, prizeDrawEntries, prizeDraws, users, withdrawalRequests, withdrawalSettings } from '../../db/schema';

export type DrawRow = typeof prizeDraws.$inferSelect;
export type NewDraw = Omit<typeof prizeDraws.$inferInsert, 'id'>;
export type DrawEntryRow = typeof prizeDrawEntries.$inferSelect;

/** Everything but the image, which has a route of its own. */
const { image: _image, ...drawColumns } = getTableColumns(prizeDraws);
export type DrawListRow = Omit<DrawRow, 'image'>;

export async function insertDraw(db: Queryable, draw: NewDraw): Promise<DrawListRow> {
  const [row] = await db.insert(prizeDraws).values(draw).returning(drawColumns);
  if (!row) throw new Error('the draw was not saved');
  return row;
}

export async function findDraw(db: Queryable, id: number): Promise<DrawListRow | undefined> {
  const [row] = await db.select(drawColumns).from(prizeDraws).where(eq(prizeDraws.id, id));
  return row;
}

export async function findDraws(db: Queryable): Promise<DrawListRow[]> {
  return db.select(drawColumns).from(prizeDraws).orderBy(desc(prizeDraws.id));
}

/**
 * The draw the landing page shows at `now`: the open one closing first (not frozen, closing instant
 * ahead), else one closed and not drawn yet, else the one drawn last since `drawnSince`.
 */
export async function findCurrentDraw(db: Queryable, now: Date, drawnSince: Date): Promise<DrawListRow | undefined> {
  const [row] = await db
    .select(drawColumns)
    .from(prizeDraws)
    .where(sql`${prizeDraws.drawnAt} is null or ${prizeDraws.drawnAt} >= ${drawnSince}`)
    .orderBy(
      sql`case when ${prizeDraws.frozenAt} is null and ${prizeDraws.closesAt} > ${now} then 0 when ${prizeDraws.drawnAt} is null then 1 else 2 end`,
      asc(prizeDraws.closesAt),
      desc(prizeDraws.drawnAt),
      asc(prizeDraws.id),
    )
    .limit(1);
  return row;
}

export async function findDrawImage(db: Queryable, id: number): Promise<{ image: Buffer; imageType: string } | undefined> {
  const [row] = await db.select({ image: prizeDraws.image, imageType: prizeDraws.imageType }).from(prizeDraws).where(eq(prizeDraws.id, id));
  return row?.image && row.imageType ? { image: row.image, imageType: row.imageType } : undefined;
}

export async function updateDrawImage(db: Queryable, id: number, image: { image: Buffer; imageType: string }, now: Date): Promise<DrawListRow | undefined> {
  const [row] = await db.update(prizeDraws).set({ ...image, updatedAt: now }).where(eq(prizeDraws.id, id)).returning(drawColumns);
  return row;
}

export async function updateDrawText(db: Queryable, id: number, text: { title: string; prize: string }, now: Date): Promise<DrawListRow | undefined> {
  const [row] = await db.update(prizeDraws).set({ ...text, updatedAt: now }).where(eq(prizeDraws.id, id)).returning(drawColumns);
  return row;
}

/**
 * One row per buyer with orders of at least `minUsd` approved in [from, to) that count at the closing
 * instant: their orders (by id) and the USD they add up to, in the order of each buyer's first one.
 *
 * An order counts by stored instants alone, so the list is the same whenever it is frozen, and a
 * ticket is bought, not borrowed (decisions 035 and 040):
 * - its buyer did not ask to withdraw it before the closing (whatever was decided on it, and when);
 * - while the withdrawal right is on, its right ran out by the closing (approval + the days), so no
 *   entry can be taken back once its outcome is known.
 * A withdrawn order is counted as its request's instant says: one asked for after the closing (only
 * when the right was turned on since) keeps the entry it had.
 */
export async function findQualifyingBuyers(db: Queryable, rules: { minUsd: string; from: Date; to: Date; closesAt: Date }) {
  return db
    .select({
      userId: orders.userId,
      email: users.email,
      orderIds: sql<number[]>`array_agg(${orders.id} order by ${orders.id})`,
      usd: sql<string>`sum(${orders.usdAmount})::text`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(withdrawalSettings, eq(withdrawalSettings.id, 1))
    .where(
      and(
        inArray(orders.status, ['approved', 'withdrawn']),
        gte(orders.decidedAt, rules.from),
        lt(orders.decidedAt, rules.to),
        gte(orders.usdAmount, rules.minUsd),
        sql`not exists (select 1 from ${withdrawalRequests} where ${withdrawalRequests.orderId} = ${orders.id} and ${withdrawalRequests.requestedAt} < ${rules.closesAt})`,
        sql`not coalesce(${withdrawalSettings.enabled} and ${orders.decidedAt} + make_interval(days => ${withdrawalSettings.days}) > ${rules.closesAt}, false)`,
      ),
    )
    .groupBy(orders.userId, users.email)
    .orderBy(sql`min(${orders.id})`);
}

/** Locks a draw due to close (not frozen, closing instant passed); undefined when another run took it. */
export async function lockDrawToFreeze(db: Queryable, id: number, now: Date): Promise<DrawListRow | undefined> {
  const [row] = await db
    .select(drawColumns)
    .from(prizeDraws)
    .where(and(eq(prizeDraws.id, id), isNull(prizeDraws.frozenAt), lte(prizeDraws.closesAt, now)))
    .for('update', { skipLocked: true });
  return row;
}

export async function findDrawIdsToFreeze(db: Queryable, now: Date): Promise<number[]> {
  const rows = await db.select({ id: prizeDraws.id }).from(prizeDraws).where(and(isNull(prizeDraws.frozenAt), lte(prizeDraws.closesAt, now))).orderBy(asc(prizeDraws.id));
  return rows.map((r) => r.id);
}

export async function insertDrawEntries(db: Queryable, rows: DrawEntryRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(prizeDrawEntries).values(rows);
}

export async function markDrawFrozen(db: Queryable, id: number, values: { frozenAt: Date; entriesHash: string; totalEntries: number }): Promise<void> {
  await db.update(prizeDraws).set(values).where(and(eq(prizeDraws.id, id), isNull(prizeDraws.frozenAt)));
}

export async function findDrawEntries(db: Queryable, drawId: number): Promise<DrawEntryRow[]> {
  return db.select().from(prizeDrawEntries).where(eq(prizeDrawEntries.drawId, drawId)).orderBy(asc(prizeDrawEntries.position));
}

export async function findFrozenUndrawn(db: Queryable): Promise<DrawListRow[]> {
  return db.select(drawColumns).from(prizeDraws).where(and(isNotNull(prizeDraws.frozenAt), isNull(prizeDraws.drawnAt))).orderBy(asc(prizeDraws.id));
}

/** Writes the result once; false when another run wrote it first. */
export async function markDrawDrawn(
  db: Queryable,
  id: number,
  values: { blockHash: string; blockTime: Date; drawnAt: Date; winnerPosition: number | null; winnerTicket: number | null; winnerUserId: number | null },
): Promise<boolean> {
  const rows = await db.update(prizeDraws).set(values).where(and(eq(prizeDraws.id, id), isNull(prizeDraws.drawnAt))).returning({ id: prizeDraws.id });
  return rows.length > 0;
}

export async function markDrawNotified(db: Queryable, id: number, now: Date): Promise<void> {
  await db.update(prizeDraws).set({ notifiedAt: now }).where(and(eq(prizeDraws.id, id), isNull(prizeDraws.notifiedAt)));
}

export async function markDrawDelivered(db: Queryable, id: number, values: { deliveredAt: Date; deliveryNote: string; deliveredBy: number | null }): Promise<DrawListRow | undefined> {
  const [row] = await db
    .update(prizeDraws)
    .set(values)
    .where(and(eq(prizeDraws.id, id), isNotNull(prizeDraws.winnerUserId), isNull(prizeDraws.deliveredAt)))
    .returning(drawColumns);
  return row;
}

export async function findUserContact(db: Queryable, userId: number) {
  const [row] = await db.select({ email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return row;
}

export async function findPrizesWon(db: Queryable, userId: number): Promise<DrawListRow[]> {
  return db.select(drawColumns).from(prizeDraws).where(eq(prizeDraws.winnerUserId, userId)).orderBy(desc(prizeDraws.drawnAt));
}
