CREATE TABLE "campaign_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"buyer_percent" numeric(5, 2) NOT NULL,
	"referrer_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"referrer_id" integer,
	"usage_limit" integer,
	"ends_at" timestamp with time zone NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"buyer_tokens" numeric(38, 6) DEFAULT '0' NOT NULL,
	"referrer_tokens" numeric(38, 6) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_codes_percents" CHECK ("campaign_codes"."buyer_percent" between 0 and 100 and "campaign_codes"."referrer_percent" between 0 and 100),
	CONSTRAINT "campaign_codes_limit" CHECK ("campaign_codes"."usage_limit" is null or "campaign_codes"."usage_limit" > 0),
	CONSTRAINT "campaign_codes_uses" CHECK ("campaign_codes"."usage_limit" is null or "campaign_codes"."uses" <= "campaign_codes"."usage_limit")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign_code_id" integer;--> statement-breakpoint
ALTER TABLE "campaign_codes" ADD CONSTRAINT "campaign_codes_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_codes_code_key" ON "campaign_codes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_campaign_code_id_campaign_codes_id_fk" FOREIGN KEY ("campaign_code_id") REFERENCES "public"."campaign_codes"("id") ON DELETE no action ON UPDATE no action;