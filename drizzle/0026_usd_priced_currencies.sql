ALTER TABLE "orders" ALTER COLUMN "pay_amount" SET DATA TYPE numeric(38, 8);--> statement-breakpoint
-- A manual rate becomes the USD price it stood for at the current token price (issue 28): from now
-- on every currency's rate is its USD price ÷ the token price, recomputed whenever either changes.
UPDATE "cryptos" SET "usd_price" = "rate" * (SELECT "price_usd" FROM "sale_settings" WHERE "id" = 1), "updated_at" = now()
WHERE "rate_source" = 'manual' AND "rate" IS NOT NULL AND EXISTS (SELECT 1 FROM "sale_settings" WHERE "id" = 1);
