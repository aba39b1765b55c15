ALTER TABLE "sale_settings" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
-- An install that already has its sale was set up by an operator before this column existed: it stays scheduled.
UPDATE "sale_settings" SET "scheduled_at" = "updated_at" WHERE "scheduled_at" IS NULL;
