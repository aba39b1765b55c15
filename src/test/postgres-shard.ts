// `npm test` runs the PostgreSQL suite in two halves side by side (vitest --shard; the suite spends
// most of its time waiting on the database, so two halves take little more than half the time). Each
// half needs a database of its own, as each resets the data before every test: the first half uses
// TEST_DATABASE_URL's, a later one `<that database>_shard<n>`, which this global setup makes afresh
// before the half runs and drops after it (TEST_DB_SHARD=n selects it; see vitest.config.ts).
import { createScratchDatabase } from './scratch-database.ts';

/** The URL of half `shard`'s database: TEST_DATABASE_URL itself for the first. */
export function shardDatabaseUrl(url: string, shard: number): string {
  if (shard <= 1) return url;
  const parsed = new URL(url);
  parsed.pathname = `${parsed.pathname}_shard${String(shard)}`;
  return parsed.href;
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  const shard = Number(process.env.TEST_DB_SHARD ?? 1);
  if (!url || shard <= 1) return undefined;
  const name = decodeURIComponent(new URL(shardDatabaseUrl(url, shard)).pathname.slice(1));
  // The given database is the one reachable: connect there to make and drop the half's own.
  return (await createScratchDatabase(url, name)).drop;
}
