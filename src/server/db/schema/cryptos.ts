// The currencies buyers can pay with, and their rates.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { NETWORKS } from '../../../domain/networks';
import { RATE_SOURCES } from '../../../domain/rate-sources';
import { amount, instant } from './columns';

/** Cryptocurrencies buyers can pay with. Offered only when enabled, with a wallet address and a rate. */
export const cryptos = pgTable(
  'cryptos',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    network: text('network', { enum: NETWORKS }).notNull(),
    chainId: integer('chain_id'),
    tokenContract: text('token_contract'),
    decimals: integer('decimals'),
    priceFeedId: text('price_feed_id'),
    rateSource: text('rate_source', { enum: RATE_SOURCES }).notNull().default('feed'),
    /** Last USD price from the feed; feed-mode rates are recomputed from it when the token price changes. */
    usdPrice: numeric('usd_price', { precision: 38, scale: 12 }),
    /** Tokens per 1 unit of this crypto. */
    rate: amount('rate'),
    rateUpdatedAt: instant('rate_updated_at'),
    address: text('address'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('cryptos_code_upper', sql`${t.code} = upper(${t.code})`),
    check('cryptos_rate_positive', sql`${t.rate} is null or ${t.rate} > 0`),
    check('cryptos_network_check', sql`${t.network} in ('bitcoin', 'litecoin', 'dogecoin', 'evm', 'tron', 'solana', 'other')`),
  ],
);
