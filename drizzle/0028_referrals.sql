CREATE TABLE "referral_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"buyer_id" integer NOT NULL,
	"referrer_id" integer,
	"stage_id" integer,
	"referrer_wanted" numeric(38, 6) DEFAULT '0' NOT NULL,
	"referrer_tokens" numeric(38, 6) DEFAULT '0' NOT NULL,
	"buyer_wanted" numeric(38, 6) DEFAULT '0' NOT NULL,
	"buyer_tokens" numeric(38, 6) DEFAULT '0' NOT NULL,
	"outcome" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_rewards_outcome" CHECK ("referral_rewards"."outcome" in ('credited', 'reduced', 'flagged'))
);
--> statement-breakpoint
CREATE TABLE "referral_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"referrer_percent" numeric(5, 2) DEFAULT '5' NOT NULL,
	"referee_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"min_usd" numeric(30, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_settings_single_row" CHECK ("referral_settings"."id" = 1),
	CONSTRAINT "referral_settings_percents" CHECK ("referral_settings"."referrer_percent" between 0 and 100 and "referral_settings"."referee_percent" between 0 and 100),
	CONSTRAINT "referral_settings_min_usd" CHECK ("referral_settings"."min_usd" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_code" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 10) NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referred_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_stage_id_sale_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."sale_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_order_key" ON "referral_rewards" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_key" ON "users" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "users_referred_by_idx" ON "users" USING btree ("referred_by");--> statement-breakpoint
-- The program starts with its defaults (on, 5 % to the referrer, none to the referred buyer, no minimum).
INSERT INTO "referral_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;