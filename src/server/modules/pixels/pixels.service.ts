import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminPixel, pixelBodySchema, PublicPixel } from '@/contracts/pixels';
import type { Db, Queryable } from '../../db/client';
import { pixels } from '../../db/schema';
import { notFound } from '../../errors';
import { recordAudit, type Actor } from '../audit/audit.repository';

type PixelRow = typeof pixels.$inferSelect;
type Body = z.output<typeof pixelBodySchema>;

const hint = (secret: string | null) => (secret ? `…${secret.slice(-4)}` : null);

function toAdmin(row: PixelRow): AdminPixel {
  return { id: row.id, apiKey: row.apiKey, secondaryKeyHint: hint(row.secondaryKey), location: row.location, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** What the audit log keeps: the secret only as its hint. */
const auditView = (row: PixelRow) => ({ apiKey: row.apiKey, secondaryKey: hint(row.secondaryKey), location: row.location });

export async function listPixels(db: Queryable): Promise<AdminPixel[]> {
  return (await db.select().from(pixels).orderBy(asc(pixels.id))).map(toAdmin);
}

export async function listPublicPixels(db: Queryable): Promise<PublicPixel[]> {
  return db.select({ apiKey: pixels.apiKey, location: pixels.location }).from(pixels).orderBy(asc(pixels.id));
}

export async function createPixel(db: Db, actor: Actor, body: Body): Promise<AdminPixel> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pixels)
      .values({ apiKey: body.apiKey, secondaryKey: body.secondaryKey || null, location: body.location })
      .returning();
    if (!row) throw new Error('insert returned no pixel');
    await recordAudit(tx, actor, 'pixel.create', `pixel:${row.id}`, null, auditView(row));
    return toAdmin(row);
  });
}

export async function updatePixel(db: Db, actor: Actor, id: number, body: Body): Promise<AdminPixel> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(pixels).where(eq(pixels.id, id)).for('update');
    if (!before) throw notFound('This pixel does not exist.');
    const secondaryKey = body.secondaryKey === undefined ? before.secondaryKey : body.secondaryKey || null;
    const [row] = await tx.update(pixels).set({ apiKey: body.apiKey, secondaryKey, location: body.location, updatedAt: new Date() }).where(eq(pixels.id, id)).returning();
    if (!row) throw notFound('This pixel does not exist.');
    await recordAudit(tx, actor, 'pixel.update', `pixel:${id}`, auditView(before), auditView(row));
    return toAdmin(row);
  });
}

export async function deletePixel(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(pixels).where(eq(pixels.id, id)).returning();
    if (!row) throw notFound('This pixel does not exist.');
    await recordAudit(tx, actor, 'pixel.delete', `pixel:${id}`, auditView(row), null);
  });
}
