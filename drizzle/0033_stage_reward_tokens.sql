ALTER TABLE "sale_settings" ADD COLUMN "reward_tokens" numeric(38, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_stages" ADD COLUMN "reward_tokens" numeric(38, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Rewards paid before this migration were added to tokens_sold as well as tokens_committed (decision 031):
-- what a stage sold beyond its approved orders' pieces is rewards. Moved out of the sold figures (and of
-- a closed stage's figure at its closing: rewards come only from an open stage), kept in committed.
UPDATE "sale_stages" AS st SET "reward_tokens" = greatest(st."tokens_sold" - coalesce((
  SELECT sum((p->>'tokens')::numeric) FROM "orders" AS o CROSS JOIN LATERAL jsonb_array_elements(o."stage_pieces") AS p
    WHERE o."status" = 'approved' AND (p->>'stageId')::integer = st."id"), 0), 0);--> statement-breakpoint
UPDATE "sale_stages" SET "tokens_sold" = "tokens_sold" - "reward_tokens",
  "sold_at_close" = CASE WHEN "sold_at_close" IS NULL THEN NULL ELSE greatest("sold_at_close" - "reward_tokens", 0) END
  WHERE "reward_tokens" > 0;--> statement-breakpoint
UPDATE "sale_settings" SET "reward_tokens" = greatest("tokens_sold" - (SELECT coalesce(sum("tokens"), 0) FROM "orders" WHERE "status" = 'approved'), 0);--> statement-breakpoint
UPDATE "sale_settings" SET "tokens_sold" = "tokens_sold" - "reward_tokens" WHERE "reward_tokens" > 0;
