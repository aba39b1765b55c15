import { count } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { pixels } from '../db/schema';

export async function countPixels(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pixels);
  return row?.n ?? 0;
}
