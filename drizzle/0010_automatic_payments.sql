CREATE TABLE "account_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family" text NOT NULL,
	"xpub" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_keys_family_check" CHECK ("account_keys"."family" in ('evm'))
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "evm_chains" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"rpc_url" text NOT NULL,
	"confirmations" integer,
	"tolerance_bps" integer DEFAULT 50 NOT NULL,
	"auto_approve_usd" numeric(38, 6) DEFAULT '10000' NOT NULL,
	"next_block" bigint,
	"recent_blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"head_block" bigint,
	"scanned_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evm_chains_confirmations_check" CHECK ("evm_chains"."confirmations" is null or "evm_chains"."confirmations" between 1 and 1000),
	CONSTRAINT "evm_chains_tolerance_check" CHECK ("evm_chains"."tolerance_bps" between 0 and 1000),
	CONSTRAINT "evm_chains_auto_approve_check" CHECK ("evm_chains"."auto_approve_usd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"token_contract" text,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"user_id" integer,
	"order_id" bigint,
	"state" text DEFAULT 'seen' NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismiss_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_state_check" CHECK ("payments"."state" in ('seen', 'confirmed', 'reverted')),
	CONSTRAINT "payments_value_positive" CHECK ("payments"."value" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_address_id" integer;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_key_id_account_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."account_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_keys_active_family_key" ON "account_keys" USING btree ("family") WHERE "account_keys"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_key_user_key" ON "deposit_addresses" USING btree ("key_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_key_index_key" ON "deposit_addresses" USING btree ("key_id","derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_chain_tx_log_key" ON "payments" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_address_id_deposit_addresses_id_fk" FOREIGN KEY ("deposit_address_id") REFERENCES "public"."deposit_addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pending_deposit_crypto_key" ON "orders" USING btree ("user_id","crypto_code") WHERE "orders"."status" = 'pending' and "orders"."deposit_address_id" is not null;