ALTER TABLE "bitcoin_chains" ADD COLUMN "requests_per_minute" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "bitcoin_chains" ADD COLUMN "awaiting_addresses" integer;--> statement-breakpoint
ALTER TABLE "bitcoin_chains" ADD COLUMN "unpolled_addresses" integer;--> statement-breakpoint
ALTER TABLE "bitcoin_chains" ADD CONSTRAINT "bitcoin_chains_requests_per_minute_check" CHECK ("bitcoin_chains"."requests_per_minute" between 10 and 100000);