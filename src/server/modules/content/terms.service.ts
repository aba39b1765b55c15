// Buyers' acceptances of the terms (issue 34): recorded with the version's hash, the instant and
// the client's address; ordering needs the current version accepted (read with the order's other
// checks, eligibility module).
import { termsOutdated, type MyTerms, type TermsAcceptance, type TermsVersion } from '@/contracts/terms';
import type { Queryable } from '../../db/client';
import { invalid, notFound } from '../../errors';
import { getCurrentTerms } from './content.service';
import { findAcceptancesOf, findLatestAcceptances, findTermsVersion, hasAcceptedLatest, insertTermsAcceptance, type TermsVersionRow } from './terms.repository';

export const toTermsVersion = (row: TermsVersionRow): TermsVersion => ({ version: row.version, markdown: row.markdown, sha256: row.sha256, publishedAt: row.publishedAt.toISOString() });

export async function getTermsVersion(db: Queryable, version: number): Promise<TermsVersion> {
  const row = await findTermsVersion(db, version);
  if (!row) throw notFound('There is no such version of the Terms.');
  return toTermsVersion(row);
}

/** Records that the buyer accepted `version`, which must be the current one (they may have read an older page). */
export async function acceptTerms(db: Queryable, userId: number, version: number, ipAddress: string, now = new Date()): Promise<void> {
  const current = await acceptableTermsVersion(db, version);
  await insertTermsAcceptance(db, { userId, version, sha256: current.sha256, acceptedAt: now, ipAddress });
}

/** The current version, if it is `version`; else a 400 on the box naming the current one. */
export async function acceptableTermsVersion(db: Queryable, version: number): Promise<TermsVersionRow> {
  const current = await getCurrentTerms(db);
  if (version !== current.version) throw invalid(termsOutdated(current.version), { termsVersion: termsOutdated(current.version) });
  return current;
}

export async function getMyTerms(db: Queryable, userId: number): Promise<MyTerms> {
  const { markdown: _text, ...current } = toTermsVersion(await getCurrentTerms(db));
  return { current, accepted: await hasAcceptedLatest(db, userId) };
}


export async function listAcceptances(db: Queryable, userId: number): Promise<TermsAcceptance[]> {
  return (await findAcceptancesOf(db, userId)).map((a) => ({ version: a.version, sha256: a.sha256, acceptedAt: a.acceptedAt.toISOString(), ipAddress: a.ipAddress }));
}

/** Each buyer's latest acceptance, by user id (for the users export). */
export async function latestAcceptances(db: Queryable): Promise<Map<number, { version: number; acceptedAt: Date }>> {
  return new Map((await findLatestAcceptances(db)).map((a) => [a.userId, { version: a.version, acceptedAt: a.acceptedAt }]));
}
