// Watch-only account keys and the deposit addresses derived from them (issue 12, decision 016).
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SCRIPT_TYPES, UTXO_CHAINS } from '../../../domain/utxo/chains';
import { instant } from './columns';
import { users } from './accounts';

/** Chain families with a watch-only account key. */
export const KEY_FAMILIES = ['evm', ...UTXO_CHAINS] as const;
export type KeyFamily = (typeof KEY_FAMILIES)[number];

/**
 * The operator's watch-only account keys, one active per chain family ('evm'). A replaced key stays
 * (inactive) so the addresses derived from it keep naming their buyer. Never a private key.
 */
export const accountKeys = pgTable(
  'account_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    family: text('family', { enum: KEY_FAMILIES }).notNull(),
    xpub: text('xpub').notNull(),
    /** Bitcoin-family chains: the addresses the key derives (an xpub is exported for every type); null for EVM. */
    scriptType: text('script_type', { enum: SCRIPT_TYPES }),
    active: boolean('active').notNull().default(true),
    /** The next …/0/i index to hand out; addresses are never handed out twice. */
    nextIndex: integer('next_index').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_keys_active_family_key').on(t.family).where(sql`${t.active}`),
    check('account_keys_family_check', sql`${t.family} in ('evm', 'bitcoin', 'litecoin', 'dogecoin')`),
    check('account_keys_script_type_check', sql`(${t.family} <> 'evm') = (${t.scriptType} is not null)`),
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
    derivationIndex: integer('derivation_index').notNull(),
    /** EVM: lower-case, for matching what a chain reports. Bitcoin: as derived (base58 is case-sensitive). */
    address: text('address').notNull().unique(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deposit_addresses_key_user_key').on(t.keyId, t.userId), uniqueIndex('deposit_addresses_key_index_key').on(t.keyId, t.derivationIndex)],
);
