/** True when a query failed on a unique constraint (SQLSTATE 23505), whichever driver raised it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const err = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (err.code === '23505') {
      return constraint === undefined || err.constraint === constraint || String(err.message).includes(constraint);
    }
  }
  return false;
}
