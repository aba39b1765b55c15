// What the server keeps for itself: rate-limit counters and the turns of scheduled jobs.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/** Fixed-window counters for rate limits, shared by every instance on the same database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: instant('window_started_at').notNull(),
  hits: integer('hits').notNull(),
});

/** When each scheduled job last ran, so that several instances run it once per interval between them. */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: instant('last_run_at').notNull(),
});
