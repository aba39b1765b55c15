ALTER TABLE "sale_settings" ADD COLUMN "max_pending_orders" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "max_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "sale_settings" ADD CONSTRAINT "sale_settings_max_pending_orders" CHECK ("sale_settings"."max_pending_orders" between 1 and 20);--> statement-breakpoint
-- The sale-totals trigger of 0007, with two more refusals made under the same sale-row lock, so they
-- hold across instances and for orders inserted together in one statement:
--  * a statement that raises the committed tokens past the hard cap is refused whether it adds
--    pending orders or approves expired ones (an expired order holds no tokens, so approving a late
--    payment adds its tokens back); an operator's explicit override sets presale.allow_over_cap for
--    that transaction (SQLSTATE PS001; DETAIL is the number of tokens that were left);
--  * a buyer may hold at most sale_settings.max_pending_orders pending orders (SQLSTATE PS002;
--    DETAIL is the limit). Pending orders past their window count until they are expired: the
--    checked path of order creation expires them first.
CREATE OR REPLACE FUNCTION orders_keep_sale_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added_committed numeric := 0;
  added_sold numeric := 0;
  removed_committed numeric := 0;
  removed_sold numeric := 0;
  committed_now numeric;
  cap numeric;
  pending_limit integer;
  adds_pending boolean := false;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(sum(tokens) FILTER (WHERE status IN ('pending', 'approved')), 0), coalesce(sum(tokens) FILTER (WHERE status = 'approved'), 0), coalesce(bool_or(status = 'pending'), false)
      INTO added_committed, added_sold, adds_pending FROM new_orders;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(sum(tokens) FILTER (WHERE status IN ('pending', 'approved')), 0), coalesce(sum(tokens) FILTER (WHERE status = 'approved'), 0)
      INTO removed_committed, removed_sold FROM old_orders;
  END IF;
  IF added_committed = removed_committed AND added_sold = removed_sold THEN
    RETURN NULL;
  END IF;
  UPDATE sale_settings
    SET tokens_committed = tokens_committed + added_committed - removed_committed, tokens_sold = tokens_sold + added_sold - removed_sold
    WHERE id = 1
    RETURNING tokens_committed, hard_cap, max_pending_orders INTO committed_now, cap, pending_limit;
  IF added_committed > removed_committed AND committed_now > cap AND coalesce(current_setting('presale.allow_over_cap', true), '') <> 'on' THEN
    RAISE EXCEPTION 'the orders exceed the tokens left in the sale'
      USING ERRCODE = 'PS001', DETAIL = greatest(cap - (committed_now - added_committed + removed_committed), 0)::text;
  END IF;
  -- Nested: a condition naming new_orders cannot even be planned in a DELETE trigger.
  IF TG_OP = 'INSERT' AND adds_pending THEN
    -- Counted per buyer of the statement (orders_user_pending_idx), not over every pending order.
    IF EXISTS (
      SELECT 1 FROM (SELECT DISTINCT user_id FROM new_orders WHERE status = 'pending') AS buyer
        WHERE (SELECT count(*) FROM orders o WHERE o.user_id = buyer.user_id AND o.status = 'pending') > pending_limit
    ) THEN
      RAISE EXCEPTION 'a buyer would hold more pending orders than allowed'
        USING ERRCODE = 'PS002', DETAIL = pending_limit::text;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
