ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Payments stored before this column: when the watcher first stored them is the first sighting known.
UPDATE "payments" SET "paid_at" = "created_at";
