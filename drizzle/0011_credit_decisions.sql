CREATE TABLE "excess_decisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "excess_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"action" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"tokens" numeric(38, 6) DEFAULT '0' NOT NULL,
	"bonus_tokens" numeric(38, 6) DEFAULT '0' NOT NULL,
	"note" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "excess_decisions_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "excess_decisions_action_check" CHECK ("excess_decisions"."action" in ('credited', 'refunded')),
	CONSTRAINT "excess_decisions_amount_positive" CHECK ("excess_decisions"."amount" > 0)
);
--> statement-breakpoint
-- The token price each order was quoted at. Orders made before this column recover it from their
-- quote: usd_amount / tokens, rounded to 8 decimals (usd_amount was rounded to 6).
ALTER TABLE "orders" ADD COLUMN "price_usd" numeric(30, 8);--> statement-breakpoint
UPDATE "orders" SET "price_usd" = coalesce(round("usd_amount" / nullif("tokens", 0), 8), 0);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "price_usd" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "excess_decisions" ADD CONSTRAINT "excess_decisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excess_decisions" ADD CONSTRAINT "excess_decisions_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;