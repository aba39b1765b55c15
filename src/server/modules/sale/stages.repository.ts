// The sale's stages as stored (issue 30): read in sale order, and the closings the server records.
// Their running figures belong to the orders trigger (migration 0027); nothing here writes them.
import { asc, eq, sql } from 'drizzle-orm';
import type { StageCloseReason, StageFigures } from '@/domain/stages';
import { dec, toPlain } from '@/domain/decimal';
import type { Queryable } from '../../db/client';
import { saleStages } from '../../db/schema';

export type StageRow = typeof saleStages.$inferSelect;

/** The stages in sale order. */
export async function findStages(db: Queryable): Promise<StageRow[]> {
  return db.select().from(saleStages).orderBy(asc(saleStages.position));
}

/** The stages as the pricing functions read them: numbered 1… in sale order, with what each may sell. */
export function stageFigures(rows: readonly StageRow[]): (StageFigures & { row: StageRow })[] {
  return rows.map((row, i) => ({
    id: row.id,
    number: i + 1,
    name: row.name,
    priceUsd: toPlain(dec(row.priceUsd)),
    allocation: toPlain(dec(row.allocation)),
    capacity: toPlain(dec(row.allocation).plus(row.rolledIn).minus(row.rolledOut)),
    tokensCommitted: toPlain(dec(row.tokensCommitted)),
    tokensSold: toPlain(dec(row.tokensSold)),
    endsAt: row.endsAt,
    closedAt: row.closedAt,
    row,
  }));
}

/** Records a stage's closing with its figures at that moment; undefined if it was closed already. */
export async function closeStageRow(db: Queryable, id: number, closedAt: Date, reason: StageCloseReason): Promise<StageRow | undefined> {
  const [row] = await db
    .update(saleStages)
    .set({ closedAt, closeReason: reason, committedAtClose: sql`${saleStages.tokensCommitted}`, soldAtClose: sql`${saleStages.tokensSold}`, updatedAt: new Date() })
    .where(sql`${saleStages.id} = ${id} and ${saleStages.closedAt} is null`)
    .returning();
  return row;
}

/** Passes `tokens` a closed stage did not sell to the next open one. */
export async function rollTokens(db: Queryable, fromId: number, toId: number, tokens: string): Promise<void> {
  const now = new Date();
  await db
    .update(saleStages)
    .set({ rolledOut: sql`${saleStages.rolledOut} + ${tokens}::numeric`, updatedAt: now })
    .where(eq(saleStages.id, fromId));
  await db
    .update(saleStages)
    .set({ rolledIn: sql`${saleStages.rolledIn} + ${tokens}::numeric`, updatedAt: now })
    .where(eq(saleStages.id, toId));
}

/** A stage as an operator saves it: a new one has no id. */
export interface StageWrite {
  id?: number;
  position: number;
  name: string;
  priceUsd: string;
  allocation: string;
  endsAt: Date | null;
}

/** Writes the operator's stages: updates those with an id, adds the rest, and deletes `removed`. */
export async function writeStages(db: Queryable, stages: readonly StageWrite[], removed: readonly number[]): Promise<void> {
  const now = new Date();
  for (const id of removed) await db.delete(saleStages).where(eq(saleStages.id, id));
  for (const s of stages) {
    const values = { position: s.position, name: s.name, priceUsd: s.priceUsd, allocation: s.allocation, endsAt: s.endsAt, updatedAt: now };
    if (s.id === undefined) await db.insert(saleStages).values(values);
    else await db.update(saleStages).set(values).where(eq(saleStages.id, s.id));
  }
}

/** Sets one stage's price (the operator's token price for a stage without sales). */
export async function setStagePriceRow(db: Queryable, id: number, priceUsd: string): Promise<void> {
  await db.update(saleStages).set({ priceUsd, updatedAt: new Date() }).where(eq(saleStages.id, id));
}
