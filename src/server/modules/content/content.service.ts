import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { Content, contentBodySchema } from '@/contracts/content';
import { defaultContent, resolveContent } from '@/domain/content-defaults';
import type { Db, Queryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { conflict } from '../../errors';
import type { Actor } from '../../actor';
import { recordAudit } from '../audit/audit.service';
import { getSaleSettings } from '../sale/sale.service';
import { findSavedContent, saveContent } from './content.repository';
import { findLatestTermsVersion, insertFirstTermsVersion, insertTermsVersion, type TermsVersionRow } from './terms.repository';

/** The texts as the operator edits them: saved content, or the honest defaults. */
export async function getEditableContent(db: Queryable): Promise<Content> {
  const saved = await findSavedContent(db);
  if (saved) return saved;
  const sale = await getSaleSettings(db);
  return defaultContent({ tokenName: sale.tokenName, symbol: sale.tokenSymbol });
}

/**
 * The texts on the operator's Content page: the terms are the current version's, whatever the saved
 * texts hold (a restored backup, a hand edit), so a save that leaves them alone publishes nothing.
 */
export async function getContentToEdit(db: Queryable): Promise<Content> {
  const content = await getEditableContent(db);
  const latest = await findLatestTermsVersion(db);
  return latest ? { ...content, termsMarkdown: latest.markdown } : content;
}

/** The public texts, with the offered cryptocurrencies filled in. */
export async function getContent(db: Queryable, offeredCryptoNames: string[] = []): Promise<Content> {
  return resolveContent(await getEditableContent(db), offeredCryptoNames);
}

/**
 * Saves the texts. Terms that differ from the current version publish a new one, which needs the
 * password confirmed lately (`confirmPublishing`, step-up): buyers must accept it before ordering.
 */
export async function updateContent(db: Db, actor: Actor, body: z.output<typeof contentBodySchema>, confirmPublishing: () => Promise<void> = async () => undefined): Promise<Content> {
  // Asked before the transaction: the check reads the session outside it (PGlite has one connection).
  if (body.termsMarkdown !== (await getCurrentTerms(db)).markdown) await confirmPublishing();
  try {
    return await db.transaction(async (tx) => {
      const before = await getContentToEdit(tx);
      const terms = await currentTermsIn(tx, before.termsMarkdown);
      if (body.termsMarkdown !== terms.markdown) {
        const published = termsVersionOf(terms.version + 1, body.termsMarkdown, actor.login, new Date());
        await insertTermsVersion(tx, published);
        await recordAudit(tx, actor, 'terms.publish', `terms:${String(published.version)}`, { version: terms.version, sha256: terms.sha256 }, { version: published.version, sha256: published.sha256 });
      }
      await saveContent(tx, body, new Date());
      await recordAudit(tx, actor, 'content.update', 'content', before, body);
      return body;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'terms_versions_pkey')) throw conflict('Another operator published the terms at the same moment: reload the page and check them.');
    throw error;
  }
}

/**
 * The current terms version. Before any was published, the terms in use become version 1 here,
 * on first need (defaults included), so every acceptance names a stored text.
 */
export async function getCurrentTerms(db: Queryable): Promise<TermsVersionRow> {
  return (await findLatestTermsVersion(db)) ?? currentTermsIn(db, (await getEditableContent(db)).termsMarkdown);
}

async function currentTermsIn(db: Queryable, termsInUse: string): Promise<TermsVersionRow> {
  const latest = await findLatestTermsVersion(db);
  if (latest) return latest;
  await insertFirstTermsVersion(db, termsVersionOf(1, termsInUse, 'Server', new Date()));
  const first = await findLatestTermsVersion(db);
  if (!first) throw new Error('the first terms version was not stored');
  return first;
}

function termsVersionOf(version: number, markdown: string, publishedBy: string, now: Date): TermsVersionRow {
  return { version, markdown, sha256: createHash('sha256').update(markdown, 'utf8').digest('hex'), publishedAt: now, publishedBy };
}
