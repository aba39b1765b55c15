ALTER TABLE "orders" ADD COLUMN "network" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "token_contract" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decimals" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_fingerprint" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
-- The ledger is append-only: a buyer's balance is the sum of entries that are never changed or removed.
CREATE FUNCTION ledger_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_refuse_change();
--> statement-breakpoint
-- Orders whose status changes with time or by decision, found quickly by the expiry job.
CREATE INDEX "orders_pending_expiry_idx" ON "orders" ("expires_at") WHERE "status" = 'pending';
