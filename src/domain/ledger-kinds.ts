// What a ledger entry credits: the tokens bought, or the level bonus on top of them; when an
// operator credits an overpayment, the tokens for the excess and their bonus; and the referral
// rewards an approved order earns (issue 31): its buyer's referrer, and the buyer as a referred
// buyer; and a campaign code's bonus to the buyer and reward to its referrer account. A reward entry
// names the order that earned it. A withdrawal (decision 040) never edits those: it adds negative
// entries of its own kinds, the order's tokens and bonus leaving, and each reward the order paid reversed.

export const LEDGER_KINDS = [
  'purchase',
  'bonus',
  'excess',
  'excess_bonus',
  'referral',
  'referee',
  'campaign',
  'campaign_referrer',
  'withdrawal',
  'withdrawal_bonus',
  'referral_reversal',
  'referee_reversal',
  'campaign_reversal',
  'campaign_referrer_reversal',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The kinds that count as bonus tokens in a balance. */
export const BONUS_KINDS: readonly LedgerKind[] = ['bonus', 'excess_bonus', 'withdrawal_bonus'];

/** Rewards of the referral program, and their reversals when the order that earned them is withdrawn. */
export const REFERRAL_KINDS: readonly LedgerKind[] = ['referral', 'referee', 'referral_reversal', 'referee_reversal'];

/** A campaign code's bonus (the buyer) and reward (the code's referrer account), and their reversals. */
export const CAMPAIGN_KINDS: readonly LedgerKind[] = ['campaign', 'campaign_referrer', 'campaign_reversal', 'campaign_referrer_reversal'];

/** What a withdrawal writes for each reward kind the order paid: the same amount, negative. */
export const REWARD_REVERSALS = { referral: 'referral_reversal', referee: 'referee_reversal', campaign: 'campaign_reversal', campaign_referrer: 'campaign_referrer_reversal' } as const satisfies Partial<Record<LedgerKind, LedgerKind>>;

/** The order's own credits a withdrawal takes back: tokens (the purchase and a credited excess) and bonus. */
export const WITHDRAWN_TOKEN_KINDS: readonly LedgerKind[] = ['purchase', 'excess'];
export const WITHDRAWN_BONUS_KINDS: readonly LedgerKind[] = ['bonus', 'excess_bonus'];

/** Every reward: taken from the sale's allocation, unlike the level bonus, and not counted by the level. */
export const REWARD_KINDS: readonly LedgerKind[] = [...REFERRAL_KINDS, ...CAMPAIGN_KINDS];
