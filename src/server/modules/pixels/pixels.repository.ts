import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pixels } from '../../db/schema';

export type PixelRow = typeof pixels.$inferSelect;
type PixelValues = Pick<PixelRow, 'apiKey' | 'secondaryKey' | 'location'>;

export async function listPixelRows(db: Queryable): Promise<PixelRow[]> {
  return db.select().from(pixels).orderBy(asc(pixels.id));
}

/** What a public page needs to load the pixels: never their secondary keys. */
export async function listPublicPixelRows(db: Queryable): Promise<Pick<PixelRow, 'apiKey' | 'location'>[]> {
  return db.select({ apiKey: pixels.apiKey, location: pixels.location }).from(pixels).orderBy(asc(pixels.id));
}

export async function insertPixel(db: Queryable, values: PixelValues): Promise<PixelRow> {
  const [row] = await db.insert(pixels).values(values).returning();
  if (!row) throw new Error('insert returned no pixel');
  return row;
}

/** Locks the row for the rest of the transaction. */
export async function findPixelForUpdate(db: Queryable, id: number): Promise<PixelRow | undefined> {
  const [row] = await db.select().from(pixels).where(eq(pixels.id, id)).for('update');
  return row;
}

export async function updatePixelRow(db: Queryable, id: number, values: PixelValues): Promise<PixelRow | undefined> {
  const [row] = await db
    .update(pixels)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(pixels.id, id))
    .returning();
  return row;
}

export async function deletePixelRow(db: Queryable, id: number): Promise<PixelRow | undefined> {
  const [row] = await db.delete(pixels).where(eq(pixels.id, id)).returning();
  return row;
}
