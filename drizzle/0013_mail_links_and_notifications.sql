CREATE TABLE "site_logo" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"mime" text NOT NULL,
	"data" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_logo_single_row" CHECK ("site_logo"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "purpose" text DEFAULT 'verify' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "notify_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "notify_waiting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "notify_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tx_hash_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_purpose_check" CHECK ("email_verifications"."purpose" in ('verify', 'change'));--> statement-breakpoint
-- A hash attached before this column existed waits for review from its order's last change.
UPDATE "orders" SET "tx_hash_at" = "updated_at" WHERE "tx_hash" IS NOT NULL;
