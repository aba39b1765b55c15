// The sale's logo (issue 14): uploaded by an operator, shown at the top of every e-mail (attached by
// content id, so mail clients show it without loading remote images) and served at a URL named by
// its hash. Its type is read from its first bytes, never from what the browser claimed; SVG is not
// accepted (it can carry scripts, and mail clients do not show it).
import { LOGO_INVALID, LOGO_MAX_BYTES, LOGO_TOO_LARGE, LOGO_TYPES, type Logo, type LogoBody } from '@/contracts/content';
import type { Db, Queryable } from '../../db/client';
import type { Actor } from '../../actor';
import { invalid } from '../../errors';
import { readUpload } from '../../uploads';
import { recordAudit } from '../audit/audit.service';
import { deleteLogo, findLogo, findLogoInfo, saveLogo, type LogoRow } from './logo.repository';

type LogoMime = Logo['mime'];

const logoOf = (info: { mime: string; sha256: string; bytes: number } | undefined): Logo | null =>
  info ? { url: `/api/logo/${info.sha256}`, mime: info.mime as LogoMime, bytes: info.bytes } : null;

export async function getLogo(db: Queryable): Promise<{ logo: Logo | null }> {
  return { logo: logoOf(await findLogoInfo(db)) };
}

/** The logo's bytes, if `sha256` names the current one. */
export async function logoImage(db: Queryable, sha256: string): Promise<LogoRow | undefined> {
  const row = await findLogo(db);
  return row?.sha256 === sha256 ? row : undefined;
}

/** The current logo for an e-mail, if there is one. */
export function logoForMail(db: Queryable): Promise<LogoRow | undefined> {
  return findLogo(db);
}

export async function uploadLogo(db: Db, actor: Actor, body: LogoBody, now = new Date()): Promise<{ logo: Logo | null }> {
  const file = readUpload(body.image, { maxBytes: LOGO_MAX_BYTES, types: LOGO_TYPES, tooLarge: LOGO_TOO_LARGE, invalid: LOGO_INVALID });
  if (!file.ok) throw invalid(file.message, { image: file.message });
  const { data, mime, sha256 } = file;
  return db.transaction(async (tx) => {
    const before = await findLogoInfo(tx);
    await saveLogo(tx, { mime, data, sha256 }, now);
    await recordAudit(tx, actor, 'content.logo', 'content:logo', before ?? null, { mime, sha256, bytes: data.length });
    return { logo: logoOf({ mime, sha256, bytes: data.length }) };
  });
}

export async function removeLogo(db: Db, actor: Actor): Promise<{ logo: null }> {
  await db.transaction(async (tx) => {
    const before = await findLogoInfo(tx);
    if (!before) return;
    await deleteLogo(tx);
    await recordAudit(tx, actor, 'content.logo', 'content:logo', before, null);
  });
  return { logo: null };
}
