ALTER TABLE "account_keys" DROP CONSTRAINT "account_keys_family_check";--> statement-breakpoint
ALTER TABLE "account_keys" DROP CONSTRAINT "account_keys_script_type_check";--> statement-breakpoint
ALTER TABLE "bitcoin_chains" DROP CONSTRAINT "bitcoin_chains_chain_check";--> statement-breakpoint
ALTER TABLE "cryptos" DROP CONSTRAINT "cryptos_network_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_network_check";--> statement-breakpoint
ALTER TABLE "account_keys" ADD CONSTRAINT "account_keys_family_check" CHECK ("account_keys"."family" in ('evm', 'bitcoin', 'litecoin', 'dogecoin'));--> statement-breakpoint
ALTER TABLE "account_keys" ADD CONSTRAINT "account_keys_script_type_check" CHECK (("account_keys"."family" <> 'evm') = ("account_keys"."script_type" is not null));--> statement-breakpoint
ALTER TABLE "bitcoin_chains" ADD CONSTRAINT "bitcoin_chains_chain_check" CHECK ("bitcoin_chains"."chain" in ('bitcoin', 'litecoin', 'dogecoin'));--> statement-breakpoint
ALTER TABLE "cryptos" ADD CONSTRAINT "cryptos_network_check" CHECK ("cryptos"."network" in ('bitcoin', 'litecoin', 'dogecoin', 'evm', 'tron', 'solana', 'other'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_network_check" CHECK ("payments"."network" in ('evm', 'bitcoin', 'litecoin', 'dogecoin'));--> statement-breakpoint
-- The seeded Litecoin and Dogecoin currencies were of the 'other' network; they are networks of their own now.
UPDATE "cryptos" SET "network" = 'litecoin', "decimals" = 8 WHERE "code" = 'LTC' AND "network" = 'other';--> statement-breakpoint
UPDATE "cryptos" SET "network" = 'dogecoin', "decimals" = 8 WHERE "code" = 'DOGE' AND "network" = 'other';
