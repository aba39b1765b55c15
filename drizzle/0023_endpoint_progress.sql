ALTER TABLE "bitcoin_chains" ADD COLUMN "tip_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evm_chains" ADD COLUMN "head_changed_at" timestamp with time zone;