CREATE TABLE "identity_checks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "identity_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"documents_deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_documents" (
	"check_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"data" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_provider_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"verdict" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"threshold_usd" numeric(38, 6),
	"mode" text DEFAULT 'review' NOT NULL,
	"retention_days" integer DEFAULT 90 NOT NULL,
	"webhook_secret" text DEFAULT '' NOT NULL,
	"flow_url" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "identity_settings_single_row" CHECK ("identity_settings"."id" = 1),
	CONSTRAINT "identity_settings_retention" CHECK ("identity_settings"."retention_days" between 1 and 3650)
);
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "identity_access" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_check_id_identity_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."identity_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_checks_user_idx" ON "identity_checks" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_checks_user_pending_key" ON "identity_checks" USING btree ("user_id") WHERE "identity_checks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "identity_checks_pending_idx" ON "identity_checks" USING btree ("submitted_at") WHERE "identity_checks"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "identity_checks_retention_idx" ON "identity_checks" USING btree ("decided_at") WHERE "identity_checks"."documents_deleted_at" is null and "identity_checks"."mode" = 'review';--> statement-breakpoint
CREATE UNIQUE INDEX "identity_documents_check_kind_key" ON "identity_documents" USING btree ("check_id","kind");