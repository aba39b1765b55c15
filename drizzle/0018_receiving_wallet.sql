ALTER TABLE "users" ADD COLUMN "receiving_wallet" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receiving_wallet_at" timestamp with time zone;