CREATE TABLE "bitcoin_chains" (
	"chain" text PRIMARY KEY NOT NULL,
	"esplora_url" text NOT NULL,
	"confirmations" integer NOT NULL,
	"large_above_units" numeric(20, 0),
	"large_confirmations" integer NOT NULL,
	"tolerance_bps" integer DEFAULT 50 NOT NULL,
	"auto_approve_usd" numeric(38, 6) DEFAULT '10000' NOT NULL,
	"cursor" jsonb,
	"tip_height" integer,
	"scanned_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bitcoin_chains_chain_check" CHECK ("bitcoin_chains"."chain" in ('bitcoin')),
	CONSTRAINT "bitcoin_chains_confirmations_check" CHECK ("bitcoin_chains"."confirmations" between 0 and 144 and "bitcoin_chains"."large_confirmations" between "bitcoin_chains"."confirmations" and 144),
	CONSTRAINT "bitcoin_chains_tolerance_check" CHECK ("bitcoin_chains"."tolerance_bps" between 0 and 1000),
	CONSTRAINT "bitcoin_chains_auto_approve_check" CHECK ("bitcoin_chains"."auto_approve_usd" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account_keys" DROP CONSTRAINT "account_keys_family_check";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "chain_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "block_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "block_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account_keys" ADD COLUMN "script_type" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "network" text DEFAULT 'evm' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_bitcoin_tx_address_key" ON "payments" USING btree ("network","tx_hash","to_address") WHERE "payments"."network" <> 'evm';--> statement-breakpoint
ALTER TABLE "account_keys" ADD CONSTRAINT "account_keys_script_type_check" CHECK (("account_keys"."family" = 'bitcoin') = ("account_keys"."script_type" is not null));--> statement-breakpoint
ALTER TABLE "account_keys" ADD CONSTRAINT "account_keys_family_check" CHECK ("account_keys"."family" in ('evm', 'bitcoin'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_network_check" CHECK ("payments"."network" in ('evm', 'bitcoin'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_network_chain_check" CHECK (("payments"."network" = 'evm') = ("payments"."chain_id" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_evm_block_check" CHECK ("payments"."network" <> 'evm' or "payments"."block_number" is not null);--> statement-breakpoint
-- Bitcoin amounts are satoshis: 8 decimals, whatever was entered before automatic payments.
UPDATE "cryptos" SET "decimals" = 8 WHERE "network" = 'bitcoin';
