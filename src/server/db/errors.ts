interface DatabaseError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  message?: unknown;
}

/** The database's own error with this SQLSTATE, wherever the driver or drizzle wrapped it. */
function databaseError(error: unknown, sqlState: string): DatabaseError | undefined {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as DatabaseError).code === sqlState) return e;
  }
  return undefined;
}

/**
 * SQLSTATEs of values the database cannot store as sent (a NUL character, an overlong string, a
 * number out of range): input the schemas let through, answered as bad input rather than a 500.
 */
const UNSTORABLE_VALUE = ['22021', '22P05', '22001', '22003'];

export function isUnstorableValue(error: unknown): boolean {
  return UNSTORABLE_VALUE.some((code) => databaseError(error, code) !== undefined);
}

/** True when a query failed on a unique constraint (SQLSTATE 23505), whichever driver raised it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const err = databaseError(error, '23505');
  if (!err) return false;
  return constraint === undefined || err.constraint === constraint || String(err.message).includes(constraint);
}

/**
 * The tokens that were left when the sale-totals trigger refused orders past the hard cap
 * (SQLSTATE PS001, migration 0007), or undefined for any other error.
 */
export function hardCapRefusal(error: unknown): { tokensLeft: string } | undefined {
  const err = databaseError(error, 'PS001');
  if (!err) return undefined;
  return { tokensLeft: typeof err.detail === 'string' ? err.detail : '0' };
}

/**
 * The per-buyer limit of pending orders when the sale-totals trigger refused an order past it
 * (SQLSTATE PS002, migration 0008), or undefined for any other error.
 */
export function pendingLimitRefusal(error: unknown): { limit: number } | undefined {
  const err = databaseError(error, 'PS002');
  if (!err) return undefined;
  return { limit: typeof err.detail === 'string' ? Number.parseInt(err.detail, 10) : 0 };
}

/**
 * The identity threshold when the sale-totals trigger refused new orders that took an unverified
 * buyer's approved and pending orders past it (SQLSTATE PS004, migration 0045), or undefined.
 */
export function identityThresholdRefusal(error: unknown): { thresholdUsd: string } | undefined {
  const err = databaseError(error, 'PS004');
  if (!err) return undefined;
  return { thresholdUsd: typeof err.detail === 'string' ? err.detail : '0' };
}

/**
 * The stage a statement would have taken past what it may sell, or priced a new order in after it
 * closed (SQLSTATE PS003, migration 0027): its id and the tokens that were left in it.
 */
export function stageCapRefusal(error: unknown): { stageId: number; tokensLeft: string } | undefined {
  const err = databaseError(error, 'PS003');
  if (!err) return undefined;
  const [id = '0', left = '0'] = typeof err.detail === 'string' ? err.detail.split(':') : [];
  return { stageId: Number.parseInt(id, 10), tokensLeft: left };
}
