// SQL of the operators' notification settings (issue 14).
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { operators } from '../../db/schema';

export interface NotificationSettings {
  email: string | null;
  notifyReview: boolean;
  notifyWaiting: boolean;
  notifySince: Date | null;
}

const columns = { email: operators.email, notifyReview: operators.notifyReview, notifyWaiting: operators.notifyWaiting, notifySince: operators.notifySince };

export async function findNotificationSettings(db: Queryable, operatorId: number): Promise<NotificationSettings | undefined> {
  const [row] = await db.select(columns).from(operators).where(eq(operators.id, operatorId));
  return row;
}

export async function saveNotificationSettings(db: Queryable, operatorId: number, settings: NotificationSettings, now: Date): Promise<void> {
  await db
    .update(operators)
    .set({ ...settings, updatedAt: now })
    .where(eq(operators.id, operatorId));
}

/** The operators who asked to be told something, with where to tell them. */
export async function findOperatorsToNotify(db: Queryable): Promise<(NotificationSettings & { id: number; email: string; notifySince: Date })[]> {
  const rows = await db
    .select({ id: operators.id, ...columns })
    .from(operators)
    .where(and(isNotNull(operators.email), isNotNull(operators.notifySince), or(eq(operators.notifyReview, true), eq(operators.notifyWaiting, true))));
  return rows.flatMap((r) => (r.email && r.notifySince ? [{ ...r, email: r.email, notifySince: r.notifySince }] : []));
}
