CREATE TABLE "withdrawal_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawal_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"tokens" numeric(38, 6),
	"bonus_tokens" numeric(38, 6),
	"refund_amount" numeric(38, 8),
	"refund_tx_hash" text,
	"note" text DEFAULT '' NOT NULL,
	"decline_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "withdrawal_requests_state" CHECK ("withdrawal_requests"."state" in ('requested', 'completed', 'declined')),
	CONSTRAINT "withdrawal_requests_refund" CHECK ("withdrawal_requests"."state" <> 'completed' or ("withdrawal_requests"."refund_amount" > 0 and "withdrawal_requests"."refund_tx_hash" is not null and "withdrawal_requests"."tokens" is not null)),
	CONSTRAINT "withdrawal_requests_decline" CHECK ("withdrawal_requests"."state" <> 'declined' or "withdrawal_requests"."decline_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_settings_single_row" CHECK ("withdrawal_settings"."id" = 1),
	CONSTRAINT "withdrawal_settings_days" CHECK ("withdrawal_settings"."days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD COLUMN "stage_id" integer;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_requests_order_key" ON "withdrawal_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "withdrawal_requests_state_idx" ON "withdrawal_requests" USING btree ("state","requested_at");--> statement-breakpoint
ALTER TABLE "campaign_rewards" ADD CONSTRAINT "campaign_rewards_stage_id_sale_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."sale_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'approved', 'rejected', 'expired', 'withdrawn'));--> statement-breakpoint
-- The right starts off (decision 040): an operator turns it on and sets its days.
INSERT INTO "withdrawal_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Campaign rewards credited before this migration came out of the stage that was current at their
-- approval, which was not recorded; the order's last piece's stage is the nearest record of it.
UPDATE "campaign_rewards" AS r SET "stage_id" = (
  SELECT (o."stage_pieces"->-1->>'stageId')::integer FROM "orders" o WHERE o."id" = r."order_id" AND jsonb_array_length(o."stage_pieces") > 0
    AND EXISTS (SELECT 1 FROM "sale_stages" st WHERE st."id" = (o."stage_pieces"->-1->>'stageId')::integer))
  WHERE r."stage_id" IS NULL AND (r."buyer_tokens" > 0 OR r."referrer_tokens" > 0);--> statement-breakpoint
-- A decided request is history: only a requested one changes (to completed or declined), and none is deleted.
CREATE FUNCTION withdrawal_requests_keep_decided() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.state <> 'requested' THEN
    RAISE EXCEPTION 'a decided withdrawal request never changes' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER withdrawal_requests_keep_decided BEFORE UPDATE OR DELETE ON "withdrawal_requests"
  FOR EACH ROW EXECUTE FUNCTION withdrawal_requests_keep_decided();
