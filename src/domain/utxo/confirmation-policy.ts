// When a payment on a Bitcoin-family chain may be credited. A payment is credited once it is buried
// under enough blocks that undoing it would cost more than it is worth: 2 on Bitcoin (6 above an
// amount the operator sets), 6 on Litecoin and 10 on Dogecoin, whose blocks come faster and cost less
// to redo. A transaction that signals replace-by-fee is never credited unconfirmed, whatever the
// policy, and a transaction that was replaced, dropped or reorganised away credits nothing.
import type { KnownUtxoChain } from './chains';

export interface ConfirmationPolicy {
  /** Confirmations a payment needs before it is credited. */
  readonly confirmations: number;
  /** More confirmations for a payment strictly above an amount, in the chain's smallest unit. */
  readonly large?: { readonly aboveUnits: bigint; readonly confirmations: number };
}

/** A policy may ask for no confirmation at all, but never for more than a day of Bitcoin blocks. */
export const MAX_CONFIRMATIONS = 144;

const DEFAULT_CONFIRMATIONS: Readonly<Record<KnownUtxoChain, number>> = { bitcoin: 2, litecoin: 6, dogecoin: 10, 'bitcoin-testnet': 2 };
const DEFAULT_LARGE_CONFIRMATIONS = 6;

/** The default policy of `chain`; on Bitcoin, `largeAboveUnits` is the operator's amount for 6 confirmations. */
export function defaultConfirmationPolicy(chain: KnownUtxoChain, largeAboveUnits?: bigint): ConfirmationPolicy {
  const confirmations = DEFAULT_CONFIRMATIONS[chain];
  if (largeAboveUnits === undefined || confirmations >= DEFAULT_LARGE_CONFIRMATIONS) return { confirmations };
  return { confirmations, large: { aboveUnits: largeAboveUnits, confirmations: DEFAULT_LARGE_CONFIRMATIONS } };
}

/** What is wrong with a policy an operator set, or null. */
export function confirmationPolicyProblem(policy: ConfirmationPolicy): string | null {
  const inRange = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_CONFIRMATIONS;
  if (!inRange(policy.confirmations)) return `Confirmations must be a whole number from 0 to ${MAX_CONFIRMATIONS}.`;
  if (!policy.large) return null;
  if (!inRange(policy.large.confirmations)) return `Confirmations must be a whole number from 0 to ${MAX_CONFIRMATIONS}.`;
  if (policy.large.aboveUnits < 0n) return 'The amount for more confirmations cannot be negative.';
  if (policy.large.confirmations < policy.confirmations) return 'Large payments cannot need fewer confirmations than others.';
  return null;
}

/** The confirmations a payment of `units` needs under `policy`. */
export function requiredConfirmations(policy: ConfirmationPolicy, units: bigint): number {
  return policy.large && units > policy.large.aboveUnits ? policy.large.confirmations : policy.confirmations;
}

export interface ObservedPayment {
  readonly units: bigint;
  /** 0 while in the mempool; tip height − block height + 1 once mined. */
  readonly confirmations: number;
  /** Any input's nSequence below 0xfffffffe (BIP-125): the sender can replace it while unconfirmed. */
  readonly rbf: boolean;
  /** Seen before and now neither in the mempool nor in the chain: replaced, dropped or reorganised away. */
  readonly gone: boolean;
}

export type Creditability =
  | { creditable: true; required: number }
  | { creditable: false; required: number; reason: 'gone' | 'replaceable' | 'confirming' };

/**
 * Whether a payment may be credited now. `thresholdUnits` is the amount the large-payment rule looks
 * at: the payment itself by default, or (as a caller judging an order should pass) everything the
 * order has received, so that several payments below the amount cannot add up past it unnoticed.
 */
export function judgeConfirmations(payment: ObservedPayment, policy: ConfirmationPolicy, thresholdUnits: bigint = payment.units): Creditability {
  const required = requiredConfirmations(policy, thresholdUnits);
  if (payment.gone) return { creditable: false, required, reason: 'gone' };
  if (payment.confirmations === 0 && payment.rbf) return { creditable: false, required, reason: 'replaceable' };
  if (payment.confirmations < required) return { creditable: false, required, reason: 'confirming' };
  return { creditable: true, required };
}

/** BIP-125: a transaction signals that it may be replaced when any input's sequence is below 0xfffffffe. */
export function signalsReplaceByFee(sequences: readonly number[]): boolean {
  return sequences.some((s) => s < 0xfffffffe);
}
