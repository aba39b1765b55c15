// SQL shared by the chain families' cursors.
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `at` when the stored `column` differs from `value` (or nothing was recorded yet), else the instant kept in `since`. */
export function changedAt(column: AnyPgColumn, value: number | bigint, since: AnyPgColumn, at: Date) {
  return sql<Date>`case when ${column} is distinct from ${value.toString()}::bigint then ${at.toISOString()}::timestamptz else coalesce(${since}, ${at.toISOString()}::timestamptz) end`;
}

/** The last blocks' numbers and hashes as a cursor stores them (JSON: numbers as strings); anything else is dropped. */
export function readRecentBlocks(value: unknown): { number: bigint; hash: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((b: unknown) => {
    const block = b as { number?: unknown; hash?: unknown };
    return typeof block.number === 'string' && typeof block.hash === 'string' ? [{ number: BigInt(block.number), hash: block.hash }] : [];
  });
}
