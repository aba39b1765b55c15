CREATE TABLE "campaign_rewards" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"code_id" integer NOT NULL,
	"buyer_wanted" numeric(38, 6) DEFAULT '0' NOT NULL,
	"buyer_tokens" numeric(38, 6) DEFAULT '0' NOT NULL,
	"referrer_wanted" numeric(38, 6) DEFAULT '0' NOT NULL,
	"referrer_tokens" numeric(38, 6) DEFAULT '0' NOT NULL,
	"outcome" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_rewards_outcome" CHECK ("campaign_rewards"."outcome" in ('credited', 'reduced', 'not_paid'))
);
--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_code_id_campaign_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."campaign_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_rewards_order_key" ON "campaign_rewards" USING btree ("order_id");--> statement-breakpoint
-- Orders approved with a code before this migration: what the code asked for, from its percentages
-- (rounded down to 6 decimals as campaignBonus does), and what the ledger shows was credited.
INSERT INTO "campaign_rewards" ("order_id", "code_id", "buyer_wanted", "buyer_tokens", "referrer_wanted", "referrer_tokens", "outcome", "note", "created_at")
  SELECT w.id, w.code_id, w.buyer_wanted, w.buyer_tokens, w.referrer_wanted, w.referrer_tokens,
         CASE WHEN w.buyer_tokens + w.referrer_tokens = 0 AND w.buyer_wanted + w.referrer_wanted > 0 THEN 'not_paid'
              WHEN w.buyer_tokens + w.referrer_tokens < w.buyer_wanted + w.referrer_wanted THEN 'reduced'
              ELSE 'credited' END,
         CASE WHEN w.buyer_tokens + w.referrer_tokens = 0 AND w.buyer_wanted + w.referrer_wanted > 0 THEN 'Not paid: the code had reached its usage limit, or the stage had no room left (found by migration 0034).'
              WHEN w.buyer_tokens + w.referrer_tokens < w.buyer_wanted + w.referrer_wanted THEN 'Reduced to what the stage and the hard cap had left (found by migration 0034).'
              ELSE '' END,
         w.decided_at
    FROM (SELECT o."id", o."campaign_code_id" AS code_id, coalesce(o."decided_at", now()) AS decided_at,
                 trunc(o."tokens" * c."buyer_percent" / 100, 6) AS buyer_wanted,
                 CASE WHEN c."referrer_id" IS NULL THEN 0 ELSE trunc(o."tokens" * c."referrer_percent" / 100, 6) END AS referrer_wanted,
                 coalesce((SELECT sum(l."amount") FROM "ledger_entries" l WHERE l."order_id" = o."id" AND l."kind" = 'campaign'), 0) AS buyer_tokens,
                 coalesce((SELECT sum(l."amount") FROM "ledger_entries" l WHERE l."order_id" = o."id" AND l."kind" = 'campaign_referrer'), 0) AS referrer_tokens
            FROM "orders" o JOIN "campaign_codes" c ON c."id" = o."campaign_code_id"
            WHERE o."status" = 'approved') AS w;
