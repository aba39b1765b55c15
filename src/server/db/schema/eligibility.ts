// Who may buy, by country (issue 34, decision 039): the operator's settings, one row.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/** Absent until the first save: the default list applies, marked as not yet reviewed. */
export const eligibilitySettings = pgTable(
  'eligibility_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** ISO 3166-1 alpha-2 codes, sorted. */
    restrictedCountries: text('restricted_countries').array().notNull(),
    /** A GeoLite2/GeoIP2 Country or City database file on the server; empty for none. */
    geoipPath: text('geoip_path').notNull().default(''),
    reviewedAt: instant('reviewed_at').notNull(),
    reviewedBy: text('reviewed_by').notNull(),
  },
  (t) => [check('eligibility_settings_single_row', sql`${t.id} = 1`)],
);
