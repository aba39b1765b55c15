CREATE TABLE "tron_chains" (
	"network" text PRIMARY KEY DEFAULT 'tron' NOT NULL,
	"api_url" text NOT NULL,
	"fallback_url" text,
	"confirmations" integer DEFAULT 19 NOT NULL,
	"tolerance_bps" integer DEFAULT 50 NOT NULL,
	"auto_approve_usd" numeric(38, 6) DEFAULT '10000' NOT NULL,
	"min_order_usd" numeric(38, 6),
	"next_block" bigint,
	"recent_blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"head_block" bigint,
	"head_changed_at" timestamp with time zone,
	"scanned_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"energy_price_sun" integer,
	"bandwidth_price_sun" integer,
	"prices_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tron_chains_network_check" CHECK ("tron_chains"."network" = 'tron'),
	CONSTRAINT "tron_chains_confirmations_check" CHECK ("tron_chains"."confirmations" between 1 and 1000),
	CONSTRAINT "tron_chains_tolerance_check" CHECK ("tron_chains"."tolerance_bps" between 0 and 1000),
	CONSTRAINT "tron_chains_auto_approve_check" CHECK ("tron_chains"."auto_approve_usd" >= 0),
	CONSTRAINT "tron_chains_min_order_check" CHECK ("tron_chains"."min_order_usd" is null or "tron_chains"."min_order_usd" > 0)
);
--> statement-breakpoint
ALTER TABLE "account_keys" DROP CONSTRAINT "account_keys_family_check";--> statement-breakpoint
ALTER TABLE "account_keys" DROP CONSTRAINT "account_keys_script_type_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_network_check";--> statement-breakpoint
ALTER TABLE "account_keys" ADD CONSTRAINT "account_keys_family_check" CHECK ("account_keys"."family" in ('evm', 'bitcoin', 'litecoin', 'dogecoin', 'tron'));--> statement-breakpoint
ALTER TABLE "account_keys" ADD CONSTRAINT "account_keys_script_type_check" CHECK (("account_keys"."family" not in ('evm', 'tron')) = ("account_keys"."script_type" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_network_check" CHECK ("payments"."network" in ('evm', 'bitcoin', 'litecoin', 'dogecoin', 'tron'));