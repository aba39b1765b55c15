// Countries' rows (issue 34): the operator's settings, the buyer's declared country, and what ordering
// asks of the buyer read in one query.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { IdentityGate } from '@/domain/identity';
import { DEFAULT_RESTRICTED_COUNTRIES } from '@/domain/countries';
import type { Queryable } from '../../db/client';
import { eligibilitySettings, identitySettings, termsAcceptances, termsVersions, users } from '../../db/schema';

export interface CountrySettings {
  restrictedCountries: string[];
  geoipPath: string;
  /** Null while the default list stands unreviewed. */
  reviewedAt: Date | null;
  reviewedBy: string | null;
}

const DEFAULTS: CountrySettings = { restrictedCountries: DEFAULT_RESTRICTED_COUNTRIES, geoipPath: '', reviewedAt: null, reviewedBy: null };

export async function findCountrySettings(db: Queryable): Promise<CountrySettings> {
  const [row] = await db.select().from(eligibilitySettings).where(eq(eligibilitySettings.id, 1));
  return row ?? DEFAULTS;
}

export async function saveCountrySettings(db: Queryable, values: { restrictedCountries: string[]; geoipPath: string; reviewedAt: Date; reviewedBy: string }): Promise<CountrySettings> {
  const [row] = await db.insert(eligibilitySettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: eligibilitySettings.id, set: values }).returning();
  if (!row) throw new Error('the country settings were not saved');
  return row;
}

/** What ordering asks of the buyer, read in one query before the order is priced. */
export interface CheckInputs {
  declared: string | null;
  settings: Pick<CountrySettings, 'restrictedCountries' | 'geoipPath'>;
  identity: IdentityGate;
  /** Whether the buyer accepted the latest terms version (decision 038). */
  termsAccepted: boolean;
  emailVerified: boolean;
}

/**
 * What an order's checks read, in one query: the buyer's declared country and the country settings
 * (null: the defaults); whether they verified their address and accepted the latest terms; and for
 * the identity gate the threshold, whether the buyer is verified and the USD of their approved and
 * pending orders (both read only while a threshold is set).
 */
export async function findCheckInputs(db: Queryable, userId: number): Promise<CheckInputs | undefined> {
  const [row] = await db
    .select({
      declared: users.country,
      emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      termsAccepted: sql<boolean>`exists (select 1 from ${termsAcceptances} a where a.user_id = ${users.id} and a.version = (select max(v.version) from ${termsVersions} v))`,
      restricted: eligibilitySettings.restrictedCountries,
      geoipPath: eligibilitySettings.geoipPath,
      thresholdUsd: identitySettings.thresholdUsd,
      // The buyer's latest check is their standing (a provider may revoke a verdict).
      verified: sql<boolean>`case when ${identitySettings.thresholdUsd} is null then false else coalesce((select c.status = 'approved' from identity_checks c where c.user_id = ${users.id} order by c.id desc limit 1), false) end`,
      committedUsd: sql<string>`case when ${identitySettings.thresholdUsd} is null then 0 else (select coalesce(sum(o.usd_amount), 0) from orders o where o.user_id = ${users.id} and o.status in ('pending', 'approved')) end::text`,
    })
    .from(users)
    .leftJoin(eligibilitySettings, eq(eligibilitySettings.id, 1))
    .leftJoin(identitySettings, eq(identitySettings.id, 1))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    declared: row.declared,
    settings: row.restricted === null ? DEFAULTS : { restrictedCountries: row.restricted, geoipPath: row.geoipPath ?? '' },
    identity: { thresholdUsd: row.thresholdUsd, verified: row.verified, committedUsd: row.committedUsd },
    termsAccepted: row.termsAccepted,
    emailVerified: row.emailVerified,
  };
}

export async function findDeclaredCountry(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.select({ country: users.country }).from(users).where(eq(users.id, userId));
  return row?.country ?? null;
}

/** Records the country of a buyer who has none yet; false if one was there already. */
export async function declareCountry(db: Queryable, userId: number, country: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ country, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.country)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findBuyerContact(db: Queryable, userId: number) {
  const [row] = await db.select({ email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return row;
}
