// What the public pages show besides the sale: the edited texts, the logo and the tracking pixels.
import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
