CREATE TABLE "deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"distribution_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distribution_claims" (
	"distribution_id" integer PRIMARY KEY NOT NULL,
	"contract" text NOT NULL,
	"claim_url" text,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"previous" text,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "wallet_changes_state_check" CHECK ("wallet_changes"."state" in ('applied', 'pending', 'approved', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "distributions" DROP CONSTRAINT "distributions_up_to_seq_unique";--> statement-breakpoint
ALTER TABLE "distribution_rows" ADD COLUMN "carried" numeric(38, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_recorded_by_operators_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_row_fk" FOREIGN KEY ("distribution_id","user_id") REFERENCES "public"."distribution_rows"("distribution_id","user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_claims" ADD CONSTRAINT "distribution_claims_distribution_id_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."distributions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_claims" ADD CONSTRAINT "distribution_claims_published_by_operators_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_changes" ADD CONSTRAINT "wallet_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_changes" ADD CONSTRAINT "wallet_changes_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_row_key" ON "deliveries" USING btree ("distribution_id","user_id");--> statement-breakpoint
CREATE INDEX "deliveries_user_idx" ON "deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_changes_one_pending_key" ON "wallet_changes" USING btree ("user_id") WHERE "wallet_changes"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "wallet_changes_user_idx" ON "wallet_changes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "wallet_changes_state_idx" ON "wallet_changes" USING btree ("state","id");--> statement-breakpoint
ALTER TABLE "distribution_rows" ADD CONSTRAINT "distribution_rows_carried" CHECK ("distribution_rows"."carried" >= 0 and "distribution_rows"."carried" <= "distribution_rows"."tokens");--> statement-breakpoint
ALTER TABLE "distributions" ADD CONSTRAINT "distributions_seq_order" CHECK ("distributions"."from_seq" <= "distributions"."up_to_seq");--> statement-breakpoint
-- A delivery records tokens sent, and a published claim contract what buyers were told: never changed.
CREATE TRIGGER deliveries_append_only BEFORE UPDATE OR DELETE ON deliveries FOR EACH ROW EXECUTE FUNCTION distributions_refuse_change();--> statement-breakpoint
CREATE TRIGGER distribution_claims_append_only BEFORE UPDATE OR DELETE ON distribution_claims FOR EACH ROW EXECUTE FUNCTION distributions_refuse_change();--> statement-breakpoint
-- A wallet change is history: only a pending request is ever decided, and none is deleted.
CREATE FUNCTION wallet_changes_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.state = 'pending' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'wallet_changes: only a pending request changes, and nothing is deleted';
END;
$$;--> statement-breakpoint
CREATE TRIGGER wallet_changes_history BEFORE UPDATE OR DELETE ON wallet_changes FOR EACH ROW EXECUTE FUNCTION wallet_changes_refuse_change();--> statement-breakpoint
-- Wallets given before this history began are its first entries.
INSERT INTO wallet_changes (user_id, previous, address, state, requested_at)
  SELECT id, NULL, receiving_wallet, 'applied', coalesce(receiving_wallet_at, now()) FROM users WHERE receiving_wallet IS NOT NULL;
