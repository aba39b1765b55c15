// What the payments that reached an order's deposit address add up to, judged against what the order
// asked, in base units (wei, satoshis, a token's smallest unit) and integer arithmetic only.
//
// A wallet may send a hair less than asked (rounding, a fee taken from the amount): within the
// tolerance that is paid in full. Below it the order is underpaid and the buyer is shown the
// remainder; above it the ordered tokens are credited and the excess waits for the operator.

/** Basis points in one whole: 10,000 bps = 100 %. */
const BPS = 10_000n;
/** The most an operator may set: beyond 10 % a "tolerance" is a discount. */
export const MAX_TOLERANCE_BPS = 1_000;

export type AmountVerdict = { kind: 'paid'; excess: 0n } | { kind: 'underpaid'; remainder: bigint } | { kind: 'overpaid'; excess: bigint };

/** Judges `received` against `expected`, both in base units, with `toleranceBps` either way. */
export function judgeAmount(expected: bigint, received: bigint, toleranceBps: number): AmountVerdict {
  if (expected <= 0n) throw new RangeError('An order always asks for a positive amount.');
  if (received < 0n) throw new RangeError('A received amount is never negative.');
  if (!Number.isInteger(toleranceBps) || toleranceBps < 0 || toleranceBps > MAX_TOLERANCE_BPS) throw new RangeError(`Tolerance out of range: ${toleranceBps}`);
  const tolerance = BigInt(toleranceBps);
  // received ≥ expected × (1 − t)  ⇔  received × 10,000 ≥ expected × (10,000 − t): no division, no rounding.
  if (received * BPS < expected * (BPS - tolerance)) return { kind: 'underpaid', remainder: expected - received };
  if (received * BPS > expected * (BPS + tolerance)) return { kind: 'overpaid', excess: received - expected };
  return { kind: 'paid', excess: 0n };
}

/** What the confirmed transfers of an order add up to, in base units; seen and reverted ones count nothing. */
export function confirmedTotal(transfers: readonly { state: string; value: bigint }[]): bigint {
  return transfers.reduce((sum, t) => (t.state === 'confirmed' ? sum + t.value : sum), 0n);
}
