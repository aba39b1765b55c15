CREATE TABLE "prize_draw_entries" (
	"draw_id" integer NOT NULL,
	"position" integer NOT NULL,
	"user_id" integer NOT NULL,
	"buyer" text NOT NULL,
	"order_ids" jsonb NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "prize_draw_entries_draw_id_position_pk" PRIMARY KEY("draw_id","position"),
	CONSTRAINT "prize_draw_entries_positive" CHECK ("prize_draw_entries"."entries" >= 1)
);
--> statement-breakpoint
CREATE TABLE "prize_draws" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prize_draws_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"prize" text NOT NULL,
	"image" "bytea",
	"image_type" text,
	"min_usd" numeric(38, 6) NOT NULL,
	"window_from" timestamp with time zone NOT NULL,
	"window_to" timestamp with time zone NOT NULL,
	"usd_per_entry" numeric(38, 6),
	"closes_at" timestamp with time zone NOT NULL,
	"chain" text NOT NULL,
	"chain_id" integer,
	"commit_height" bigint NOT NULL,
	"tip_at_creation" bigint NOT NULL,
	"confirmations" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"frozen_at" timestamp with time zone,
	"entries_hash" text,
	"total_entries" integer,
	"block_hash" text,
	"block_time" timestamp with time zone,
	"drawn_at" timestamp with time zone,
	"winner_position" integer,
	"winner_ticket" integer,
	"winner_user_id" integer,
	"notified_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"delivery_note" text,
	"delivered_by" integer,
	CONSTRAINT "prize_draws_chain" CHECK ("prize_draws"."chain" in ('bitcoin', 'evm') and ("prize_draws"."chain" = 'evm') = ("prize_draws"."chain_id" is not null)),
	CONSTRAINT "prize_draws_window" CHECK ("prize_draws"."window_from" < "prize_draws"."window_to" and "prize_draws"."window_to" <= "prize_draws"."closes_at"),
	CONSTRAINT "prize_draws_amounts" CHECK ("prize_draws"."min_usd" >= 0 and ("prize_draws"."usd_per_entry" is null or "prize_draws"."usd_per_entry" > 0)),
	CONSTRAINT "prize_draws_commitment" CHECK ("prize_draws"."commit_height" > "prize_draws"."tip_at_creation" and "prize_draws"."confirmations" >= 1)
);
--> statement-breakpoint
ALTER TABLE "prize_draw_entries" ADD CONSTRAINT "prize_draw_entries_draw_id_prize_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."prize_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draw_entries" ADD CONSTRAINT "prize_draw_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_winner_user_id_users_id_fk" FOREIGN KEY ("winner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_draws" ADD CONSTRAINT "prize_draws_delivered_by_operators_id_fk" FOREIGN KEY ("delivered_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prize_draws_closes_idx" ON "prize_draws" USING btree ("closes_at");--> statement-breakpoint
-- Nothing about a draw changes after it is made except its text and image (decision 035): its rules and
-- committed block never; its results (frozen entries, the block's hash, the winner, the notice, the
-- delivery) once each, from nothing. A draw is never deleted, and its entries are written only before it
-- is frozen and never changed.
CREATE FUNCTION prize_draws_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'prize draw % cannot be deleted', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW.id, NEW.min_usd, NEW.window_from, NEW.window_to, NEW.usd_per_entry, NEW.closes_at, NEW.chain, NEW.chain_id, NEW.commit_height, NEW.tip_at_creation, NEW.confirmations, NEW.created_by, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.min_usd, OLD.window_from, OLD.window_to, OLD.usd_per_entry, OLD.closes_at, OLD.chain, OLD.chain_id, OLD.commit_height, OLD.tip_at_creation, OLD.confirmations, OLD.created_by, OLD.created_at) THEN
    RAISE EXCEPTION 'prize draw %: its rules and committed block cannot change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF (OLD.frozen_at IS NOT NULL AND (NEW.frozen_at, NEW.entries_hash, NEW.total_entries) IS DISTINCT FROM (OLD.frozen_at, OLD.entries_hash, OLD.total_entries))
     OR (OLD.drawn_at IS NOT NULL AND (NEW.drawn_at, NEW.block_hash, NEW.block_time, NEW.winner_position, NEW.winner_ticket, NEW.winner_user_id) IS DISTINCT FROM (OLD.drawn_at, OLD.block_hash, OLD.block_time, OLD.winner_position, OLD.winner_ticket, OLD.winner_user_id))
     OR (OLD.notified_at IS NOT NULL AND NEW.notified_at IS DISTINCT FROM OLD.notified_at)
     OR (OLD.delivered_at IS NOT NULL AND (NEW.delivered_at, NEW.delivery_note, NEW.delivered_by) IS DISTINCT FROM (OLD.delivered_at, OLD.delivery_note, OLD.delivered_by)) THEN
    RAISE EXCEPTION 'prize draw %: a result, once written, cannot change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW.drawn_at IS NOT NULL AND NEW.frozen_at IS NULL) THEN
    RAISE EXCEPTION 'prize draw %: drawn before its entries were frozen', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER prize_draws_guard BEFORE UPDATE OR DELETE ON "prize_draws" FOR EACH ROW EXECUTE FUNCTION prize_draws_guard();
--> statement-breakpoint
CREATE FUNCTION prize_draw_entries_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'the entries of prize draw % cannot change', OLD.draw_id USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM prize_draws WHERE id = NEW.draw_id AND frozen_at IS NOT NULL) THEN
    RAISE EXCEPTION 'prize draw % is frozen: no entry can be added', NEW.draw_id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER prize_draw_entries_guard BEFORE INSERT OR UPDATE OR DELETE ON "prize_draw_entries" FOR EACH ROW EXECUTE FUNCTION prize_draw_entries_guard();
