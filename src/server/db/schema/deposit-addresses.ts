// Watch-only account keys and the deposit addresses derived from them (issue 12, decision 016).
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SCRIPT_TYPES, UTXO_CHAINS } from '../../../domain/utxo/chains';
import { instant } from './columns';
import { users } from './accounts';

/** Chain families with a watch-only account key. */
export const KEY_FAMILIES = ['evm', ...UTXO_CHAINS, 'tron'] as const;
export type KeyFamily = (typeof KEY_FAMILIES)[number];

/** Where a family's deposit addresses come from: a watch-only key derives them, or the operator imported a list (TRON). */
export const ADDRESS_SOURCES = ['xpub', 'list'] as const;

/**
 * The operator's watch-only account keys, one active per chain family ('evm'). A replaced key stays
 * (inactive) so the addresses derived from it keep naming their buyer. Never a private key.
 * A row of source 'list' stands for the family's imported addresses (`imported_addresses`) instead of
 * a key: one list per family, handed out in the order imported (next_index is the next position).
 */
export const accountKeys = pgTable(
  'account_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    family: text('family', { enum: KEY_FAMILIES }).notNull(),
    source: text('source', { enum: ADDRESS_SOURCES }).notNull().default('xpub'),
    /** Null for an imported list. */
    xpub: text('xpub'),
    /** Bitcoin-family chains: the addresses the key derives (an xpub is exported for every type); null for EVM and TRON. */
    scriptType: text('script_type', { enum: SCRIPT_TYPES }),
    active: boolean('active').notNull().default(true),
    /** The next …/0/i index to hand out; addresses are never handed out twice. */
    nextIndex: integer('next_index').notNull().default(0),
    /** An imported list: when an order first found none of its addresses left (cleared by an import), so that is audited once. */
    ranOutAt: instant('ran_out_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_keys_active_family_key').on(t.family).where(sql`${t.active}`),
    uniqueIndex('account_keys_list_family_key').on(t.family).where(sql`${t.source} = 'list'`),
    check('account_keys_source_check', sql`(${t.source} = 'list') = (${t.xpub} is null) and (${t.source} = 'xpub' or ${t.family} = 'tron')`),
    check('account_keys_family_check', sql`${t.family} in ('evm', 'bitcoin', 'litecoin', 'dogecoin', 'tron')`),
    check('account_keys_script_type_check', sql`(${t.family} not in ('evm', 'tron')) = (${t.scriptType} is not null)`),
  ],
);

/** A buyer's deposit address on a chain family, derived from an account key and never given to anyone else. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    keyId: integer('key_id')
      .notNull()
      .references(() => accountKeys.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The key's …/0/i index, or the address's position in an imported list. */
    derivationIndex: integer('derivation_index').notNull(),
    /** EVM: lower-case, for matching what a chain reports. Bitcoin and TRON: as derived (base58 is case-sensitive). */
    address: text('address').notNull().unique(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deposit_addresses_key_user_key').on(t.keyId, t.userId), uniqueIndex('deposit_addresses_key_index_key').on(t.keyId, t.derivationIndex)],
);

/**
 * Addresses the operator imported (TRON, issue 33), handed out in `position` order by their list's
 * account_keys row. An address is imported once, ever.
 */
export const importedAddresses = pgTable(
  'imported_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    listId: integer('list_id')
      .notNull()
      .references(() => accountKeys.id),
    position: integer('position').notNull(),
    address: text('address').notNull().unique(),
    importedAt: instant('imported_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('imported_addresses_list_position_key').on(t.listId, t.position)],
);
