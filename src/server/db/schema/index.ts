// The one schema for PGlite and PostgreSQL, one file per area; everything imports it from here
// (`db/schema`), and drizzle.config.ts reads it from here to write migrations.
export * from './accounts';
export * from './audit';
export * from './campaigns';
export * from './content';
export * from './cryptos';
export * from './deposit-addresses';
export * from './distribution';
export * from './ledger';
export * from './mail';
export * from './orders';
export * from './payments';
export * from './rate-limits-and-jobs';
export * from './sale';
export * from './wallets';
export * from './referrals';
export * from './draws';
export * from './withdrawals';
export * from './eligibility';
export * from './identity';
