import type { z } from 'zod';
import type { AdminPixel, pixelBodySchema, PublicPixel } from '@/contracts/pixels';
import type { Db, Queryable } from '../../db/client';
import { notFound } from '../../errors';
import type { Actor } from '../../actor';
import { recordAudit } from '../audit/audit.service';
import { deletePixelRow, findPixelForUpdate, insertPixel, listPixelRows, listPublicPixelRows, updatePixelRow, type PixelRow } from './pixels.repository';

type Body = z.output<typeof pixelBodySchema>;

const hint = (secret: string | null) => (secret ? `…${secret.slice(-4)}` : null);

function toAdmin(row: PixelRow): AdminPixel {
  return { id: row.id, apiKey: row.apiKey, secondaryKeyHint: hint(row.secondaryKey), location: row.location, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** What the audit log keeps: the secret only as its hint. */
const auditView = (row: PixelRow) => ({ apiKey: row.apiKey, secondaryKey: hint(row.secondaryKey), location: row.location });

export async function listPixels(db: Queryable): Promise<AdminPixel[]> {
  return (await listPixelRows(db)).map(toAdmin);
}

export async function listPublicPixels(db: Queryable): Promise<PublicPixel[]> {
  return listPublicPixelRows(db);
}

export async function createPixel(db: Db, actor: Actor, body: Body): Promise<AdminPixel> {
  return db.transaction(async (tx) => {
    const row = await insertPixel(tx, { apiKey: body.apiKey, secondaryKey: body.secondaryKey || null, location: body.location });
    await recordAudit(tx, actor, 'pixel.create', `pixel:${row.id}`, null, auditView(row));
    return toAdmin(row);
  });
}

export async function updatePixel(db: Db, actor: Actor, id: number, body: Body): Promise<AdminPixel> {
  return db.transaction(async (tx) => {
    const before = await findPixelForUpdate(tx, id);
    if (!before) throw notFound('This pixel does not exist.');
    const secondaryKey = body.secondaryKey === undefined ? before.secondaryKey : body.secondaryKey || null;
    const row = await updatePixelRow(tx, id, { apiKey: body.apiKey, secondaryKey, location: body.location });
    if (!row) throw notFound('This pixel does not exist.');
    await recordAudit(tx, actor, 'pixel.update', `pixel:${id}`, auditView(before), auditView(row));
    return toAdmin(row);
  });
}

export async function deletePixel(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deletePixelRow(tx, id);
    if (!row) throw notFound('This pixel does not exist.');
    await recordAudit(tx, actor, 'pixel.delete', `pixel:${id}`, auditView(row), null);
  });
}
