ALTER TABLE "sale_settings" ADD COLUMN "tokens_committed" numeric(38, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_settings" ADD COLUMN "tokens_sold" numeric(38, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Running totals of the sale, kept by the database itself so that every path that adds, decides,
-- expires or deletes orders keeps them exact: tokens_committed holds the tokens of pending and
-- approved orders, tokens_sold those of approved orders. One update of the sale row per statement
-- (statement triggers with transition tables), however many orders it touches. A statement that adds
-- pending orders taking the committed tokens past the hard cap is refused here, under the sale row's
-- lock, so two instances can never both take the last tokens (SQLSTATE PS001; DETAIL is the number
-- of tokens that were left).
CREATE FUNCTION orders_keep_sale_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added_committed numeric := 0;
  added_sold numeric := 0;
  removed_committed numeric := 0;
  removed_sold numeric := 0;
  committed_now numeric;
  cap numeric;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT coalesce(sum(tokens) FILTER (WHERE status IN ('pending', 'approved')), 0), coalesce(sum(tokens) FILTER (WHERE status = 'approved'), 0)
      INTO added_committed, added_sold FROM new_orders;
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
    RETURNING tokens_committed, hard_cap INTO committed_now, cap;
  IF TG_OP = 'INSERT' AND added_committed > added_sold AND committed_now > cap THEN
    RAISE EXCEPTION 'the orders exceed the tokens left in the sale'
      USING ERRCODE = 'PS001', DETAIL = greatest(cap - (committed_now - added_committed), 0)::text;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_totals_on_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_sale_totals();
--> statement-breakpoint
CREATE TRIGGER orders_totals_on_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_sale_totals();
--> statement-breakpoint
CREATE TRIGGER orders_totals_on_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_sale_totals();
--> statement-breakpoint
UPDATE sale_settings SET
  tokens_committed = (SELECT coalesce(sum(tokens), 0) FROM orders WHERE status IN ('pending', 'approved')),
  tokens_sold = (SELECT coalesce(sum(tokens), 0) FROM orders WHERE status = 'approved');
