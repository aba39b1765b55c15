// Identity checks (issue 34, decision 041): when a buyer must be verified before an order.
import { dec } from './decimal';

/** What the gate reads before an order: the operator's threshold and the buyer's standing. */
export interface IdentityGate {
  /** Null: identity checks are off. */
  thresholdUsd: string | null;
  verified: boolean;
  /** The USD of the buyer's approved and pending orders. */
  committedUsd: string;
}

/**
 * Whether an order of `orderUsd` needs the buyer verified first: their approved plus pending orders
 * with this one would pass the threshold (reaching it exactly does not). With `orderUsd` unknown
 * (before the quote), whether any order would: the orders already made reach it.
 */
export function identityRequired(gate: IdentityGate, orderUsd?: string): boolean {
  if (gate.thresholdUsd === null || gate.verified) return false;
  const committed = dec(gate.committedUsd);
  return orderUsd === undefined ? committed.gte(gate.thresholdUsd) : committed.plus(orderUsd).gt(gate.thresholdUsd);
}

/** The provider's flow for a buyer: the operator's template with `{userId}` filled in. */
export function providerFlowUrl(template: string, userId: number): string {
  return template.replaceAll('{userId}', encodeURIComponent(String(userId)));
}
