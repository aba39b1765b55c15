-- When each account's address was first proven (decision 049): a reset clears the second factor and
-- receiving wallet set before it, whoever verified the address first. Accounts verified before this
-- migration count from their verification (the best instant kept).
ALTER TABLE "users" ADD COLUMN "address_proven_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "address_proven_at" = "email_verified_at";
