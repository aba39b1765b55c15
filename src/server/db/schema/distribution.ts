// Token delivery (issue 19): the token, distributions, their rows, claims and deliveries.
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { amount, instant } from './columns';
import { operators, users } from './accounts';

/** The token being delivered (issue 19): its EVM chain and contract once deployed, and its decimals. One row. */
export const tokenDelivery = pgTable(
  'token_delivery',
  {
    id: integer('id').primaryKey().default(1),
    chainId: integer('chain_id'),
    tokenContract: text('token_contract'),
    decimals: integer('decimals').notNull().default(18),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [check('token_delivery_single_row', sql`${t.id} = 1`), check('token_delivery_decimals', sql`${t.decimals} between 6 and 36`)],
);

/**
 * A distribution (issue 19): the buyers' balances frozen at one point of the ledger (entries after
 * the previous distribution's `upToSeq`, up to this one's), with each buyer's wallet at that moment.
 * Approvals after the freeze go to the next distribution; a distribution never changes.
 */
export const distributions = pgTable(
  'distributions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fromSeq: bigint('from_seq', { mode: 'number' }).notNull(),
    /**
     * Not unique: a distribution may carry only tokens of buyers who were missing a wallet before
     * (`distributionRows.carried`), with no new ledger entry. Openings are serialised by the ledger
     * chain's lock, so two never freeze the same entries.
     */
    upToSeq: bigint('up_to_seq', { mode: 'number' }).notNull(),
    decimals: integer('decimals').notNull(),
    chainId: integer('chain_id'),
    tokenContract: text('token_contract'),
    /** Of the rows with a wallet, in OpenZeppelin's standard format (address, uint256); null when none has one. */
    merkleRoot: text('merkle_root'),
    openedBy: integer('opened_by').references(() => operators.id),
    openedAt: instant('opened_at').notNull().defaultNow(),
  },
  (t) => [check('distributions_seq_order', sql`${t.fromSeq} <= ${t.upToSeq}`)],
);

export const distributionRows = pgTable(
  'distribution_rows',
  {
    distributionId: integer('distribution_id')
      .notNull()
      .references(() => distributions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The buyer's receiving wallet when the distribution was opened; null: missing. */
    wallet: text('wallet'),
    tokens: amount('tokens').notNull(),
    /** `tokens` in the token's smallest unit. */
    units: numeric('units', { precision: 78, scale: 0 }).notNull(),
    /**
     * Of `tokens`, those carried from earlier distributions where this buyer had no wallet yet: they
     * stayed frozen there as missing, and are delivered here, where the buyer has one.
     */
    carried: amount('carried').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.distributionId, t.userId] }),
    check('distribution_rows_positive', sql`${t.tokens} > 0`),
    check('distribution_rows_carried', sql`${t.carried} >= 0 and ${t.carried} <= ${t.tokens}`),
  ],
);

/**
 * A distribution published to a claim contract (issue 19): buyers claim their tokens with their
 * Merkle proof. Once published it never changes (trigger, migration 0020).
 */
export const distributionClaims = pgTable('distribution_claims', {
  distributionId: integer('distribution_id')
    .primaryKey()
    .references(() => distributions.id),
  /** The claim contract, EIP-55, on the distribution's chain. */
  contract: text('contract').notNull(),
  /** The sale's own claim page, if it has one (https). */
  claimUrl: text('claim_url'),
  publishedBy: integer('published_by').references(() => operators.id),
  publishedAt: instant('published_at').notNull().defaultNow(),
});

/** A distribution row's tokens sent in a transaction (issue 19): one per row, append-only like the ledger. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributionId: integer('distribution_id').notNull(),
    userId: integer('user_id').notNull(),
    txHash: text('tx_hash').notNull(),
    recordedBy: integer('recorded_by').references(() => operators.id),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.distributionId, t.userId], foreignColumns: [distributionRows.distributionId, distributionRows.userId], name: 'deliveries_row_fk' }),
    uniqueIndex('deliveries_row_key').on(t.distributionId, t.userId),
    index('deliveries_user_idx').on(t.userId),
  ],
);
