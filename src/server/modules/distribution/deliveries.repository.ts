// Deliveries and claim contracts (issue 19): appended, never changed (triggers, migration 0020).
import type { Queryable } from '../../db/client';
import { deliveries, distributionClaims } from '../../db/schema';

/** Records deliveries; a row delivered already keeps its first (the unique key), and is not counted. */
export async function insertDeliveries(tx: Queryable, rows: { distributionId: number; userId: number; txHash: string; recordedBy: number | null; recordedAt: Date }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const made = await tx.insert(deliveries).values(rows).onConflictDoNothing().returning({ id: deliveries.id });
  return made.length;
}

/** Publishes a distribution's claim contract; false when it had one already. */
export async function insertClaim(tx: Queryable, values: { distributionId: number; contract: string; claimUrl: string | null; publishedBy: number | null; publishedAt: Date }): Promise<boolean> {
  const made = await tx.insert(distributionClaims).values(values).onConflictDoNothing().returning({ id: distributionClaims.distributionId });
  return made.length > 0;
}
