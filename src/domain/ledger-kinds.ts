// What a ledger entry credits: the tokens bought, or the level bonus on top of them; and, when an
// operator credits an overpayment, the tokens for the excess and their bonus.

export const LEDGER_KINDS = ['purchase', 'bonus', 'excess', 'excess_bonus'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The kinds that count as bonus tokens in a balance. */
export const BONUS_KINDS: readonly LedgerKind[] = ['bonus', 'excess_bonus'];
