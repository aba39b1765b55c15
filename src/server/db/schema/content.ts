// What the public pages show besides the sale: the edited texts, the logo and the tracking pixels.
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytes, instant } from './columns';

/** The operator's edits of the public texts (one row). Absent until the first save: defaults apply. */
export const siteContent = pgTable(
  'site_content',
  {
    id: integer('id').primaryKey().default(1),
    content: jsonb('content').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('site_content_single_row', sql`${t.id} = 1`)],
);

/** Tracking pixels, loaded on public pages under `location` after the visitor accepts analytics cookies. */
export const pixels = pgTable('pixels', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  apiKey: text('api_key').notNull(),
  secondaryKey: text('secondary_key'),
  location: text('location').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** The sale's logo, uploaded by an operator (one row; absent until then): shown in e-mails and on the pages. */
export const siteLogo = pgTable(
  'site_logo',
  {
    id: integer('id').primaryKey().default(1),
    mime: text('mime').notNull(),
    data: bytes('data').notNull(),
    /** SHA-256 of the data, hex: the logo's URL carries it, so a new logo is a new URL. */
    sha256: text('sha256').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('site_logo_single_row', sql`${t.id} = 1`)],
);

/**
 * Every published version of the terms (issue 34), never changed or removed: an acceptance names
 * the version and its hash, so what a buyer accepted stays readable at /terms/v/{version}.
 */
export const termsVersions = pgTable('terms_versions', {
  version: integer('version').primaryKey(),
  markdown: text('markdown').notNull(),
  /** SHA-256 of the exact text (UTF-8), hex. */
  sha256: text('sha256').notNull(),
  publishedAt: instant('published_at').notNull(),
  /** The operator who published it; the server for the first version, taken from the texts in use then. */
  publishedBy: text('published_by').notNull(),
});

/** A buyer's acceptance of one terms version, with where it came from. */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    version: integer('version').notNull(),
    sha256: text('sha256').notNull(),
    acceptedAt: instant('accepted_at').notNull(),
    /** The client's address as the server saw it (behind TRUST_PROXY, the forwarded one). */
    ipAddress: text('ip_address').notNull(),
  },
  (t) => [
    uniqueIndex('terms_acceptances_user_version_key').on(t.userId, t.version),
    index('terms_acceptances_version_idx').on(t.version),
    foreignKey({ columns: [t.userId], foreignColumns: [users.id], name: 'terms_acceptances_user_fk' }).onDelete('cascade'),
    foreignKey({ columns: [t.version], foreignColumns: [termsVersions.version], name: 'terms_acceptances_version_fk' }),
  ],
);
