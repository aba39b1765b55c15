// SQL of the endpoints where pasted transaction hashes are looked up (TRON, Solana, Bitcoin).
import { eq } from 'drizzle-orm';
import type { LookupNetwork } from '@/domain/networks';
import type { Queryable } from '../../../db/client';
import { lookupEndpoints } from '../../../db/schema';

export type LookupEndpointRow = typeof lookupEndpoints.$inferSelect;

export async function findLookupEndpoints(db: Queryable): Promise<LookupEndpointRow[]> {
  return db.select().from(lookupEndpoints).orderBy(lookupEndpoints.network);
}

export async function findLookupEndpoint(db: Queryable, network: LookupNetwork): Promise<LookupEndpointRow | undefined> {
  const [row] = await db.select().from(lookupEndpoints).where(eq(lookupEndpoints.network, network));
  return row;
}

export async function upsertLookupEndpoint(db: Queryable, network: LookupNetwork, url: string, now: Date): Promise<void> {
  await db
    .insert(lookupEndpoints)
    .values({ network, url, updatedAt: now })
    .onConflictDoUpdate({ target: lookupEndpoints.network, set: { url, updatedAt: now } });
}

export async function deleteLookupEndpoint(db: Queryable, network: LookupNetwork): Promise<boolean> {
  const rows = await db.delete(lookupEndpoints).where(eq(lookupEndpoints.network, network)).returning({ network: lookupEndpoints.network });
  return rows.length > 0;
}
