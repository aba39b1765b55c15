// What the cleanup job deletes; each returns how many rows it removed or changed.
import { and, isNotNull, lt } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { orders, rateLimits, sessions } from '../db/schema';

export async function deleteExpiredSessions(db: Queryable, now: Date): Promise<number> {
  return (await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.idHash })).length;
}

export async function deleteRateLimitsBefore(db: Queryable, before: Date): Promise<number> {
  return (await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, before)).returning({ key: rateLimits.key })).length;
}

/** Clears the Idempotency-Key and request fingerprint of orders made before `before`; the orders stay. */
export async function clearIdempotencyKeysBefore(db: Queryable, before: Date): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ idempotencyKey: null, requestFingerprint: null })
    .where(and(isNotNull(orders.idempotencyKey), lt(orders.createdAt, before)))
    .returning({ id: orders.id });
  return rows.length;
}
