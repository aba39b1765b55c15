// What a ledger entry credits: the tokens bought, or the level bonus on top of them.

export const LEDGER_KINDS = ['purchase', 'bonus'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
