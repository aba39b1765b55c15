import type { z } from 'zod';
import type { Content, contentBodySchema } from '@/contracts/content';
import { defaultContent, resolveContent } from '@/domain/content-defaults';
import type { Db, Queryable } from '../../db/client';
import type { Actor } from '../../actor';
import { recordAudit } from '../audit/audit.service';
import { getSaleSettings } from '../sale/sale.service';
import { findSavedContent, saveContent } from './content.repository';

/** The texts as the operator edits them: saved content, or the honest defaults. */
export async function getEditableContent(db: Queryable): Promise<Content> {
  const saved = await findSavedContent(db);
  if (saved) return saved;
  const sale = await getSaleSettings(db);
  return defaultContent({ tokenName: sale.tokenName, symbol: sale.tokenSymbol });
}

/** The public texts, with the offered cryptocurrencies filled in. */
export async function getContent(db: Queryable, offeredCryptoNames: string[] = []): Promise<Content> {
  return resolveContent(await getEditableContent(db), offeredCryptoNames);
}

export async function updateContent(db: Db, actor: Actor, body: z.output<typeof contentBodySchema>): Promise<Content> {
  return db.transaction(async (tx) => {
    const before = await getEditableContent(tx);
    await saveContent(tx, body, new Date());
    await recordAudit(tx, actor, 'content.update', 'content', before, body);
    return body;
  });
}
