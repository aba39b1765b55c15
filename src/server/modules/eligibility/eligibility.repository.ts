// Countries' rows (issue 34): the operator's settings, the buyer's declared country, and what ordering
// asks of the buyer read in one query.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { IdentityGate } from '@/domain/identity';
import { DEFAULT_RESTRICTED_COUNTRIES } from '@/domain/countries';
import type { Queryable } from '../../db/client';
import { eligibilitySettings, users } from '../../db/schema';

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
 * What an order's checks read, for each of `userIds`, in one call of `order_check_inputs_of`
 * (migrations 0041 and 0042, whose plan is kept): the buyer's declared country and the country
 * settings (null: the defaults); whether they verified their address and accepted the latest terms;
 * and for the identity gate the threshold, whether the buyer is verified and the USD of their
 * approved and pending orders (both read only while a threshold is set). A buyer not found is absent.
 */
export async function findCheckInputs(db: Queryable, userIds: readonly number[]): Promise<Map<number, CheckInputs>> {
  const result = (await db.execute(sql`select * from order_check_inputs_of(${sql.param(userIds)}::integer[])`)) as { rows: CheckInputsRow[] };
  return new Map(result.rows.map((row) => [row.buyer, checkInputsOf(row)]));
}

/** A buyer's inputs from their row of `order_check_inputs_of` (or of `order_attempts_of`, which returns the same columns). */
export function checkInputsOf(row: CheckInputsRow): CheckInputs {
  return {
    declared: row.declared,
    settings: row.restricted === null ? DEFAULTS : { restrictedCountries: row.restricted, geoipPath: row.geoip_path ?? '' },
    identity: { thresholdUsd: row.threshold_usd === null ? null : String(row.threshold_usd), verified: row.identity_verified, committedUsd: String(row.committed_usd) },
    termsAccepted: row.terms_accepted,
    emailVerified: row.email_verified,
  };
}

/** A row of `order_check_inputs_of` as a driver returns it (a numeric as text, or as a number). */
export interface CheckInputsRow {
  buyer: number;
  declared: string | null;
  email_verified: boolean;
  terms_accepted: boolean;
  restricted: string[] | null;
  geoip_path: string | null;
  threshold_usd: string | number | null;
  identity_verified: boolean;
  committed_usd: string | number;
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

/** An operator's correction of a buyer's country: returns the one it replaced (null: none), or undefined for no such buyer. */
export async function correctCountry(db: Queryable, userId: number, country: string, now: Date): Promise<string | null | undefined> {
  const [before] = await db.select({ country: users.country }).from(users).where(eq(users.id, userId)).for('update');
  if (!before) return undefined;
  await db.update(users).set({ country, updatedAt: now }).where(eq(users.id, userId));
  return before.country;
}

export async function findBuyerContact(db: Queryable, userId: number) {
  const [row] = await db.select({ email: users.email, name: users.name, emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return row;
}
