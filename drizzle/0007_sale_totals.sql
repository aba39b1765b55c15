ALTER TABLE "sale_settings" ADD COLUMN "tokens_committed" numeric(38, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_settings" ADD COLUMN "tokens_sold" numeric(38, 6) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Running totals of the sale, kept by the database itself so that every path that adds, decides,
-- expires or deletes an order keeps them exact: tokens_committed holds the tokens of pending and
-- approved orders, tokens_sold those of approved orders. A new pending order that would take the
-- committed tokens past the hard cap is refused here, under the sale row's lock, so two instances
-- can never both take the last tokens (SQLSTATE PS001; DETAIL is the number of tokens still left).
CREATE FUNCTION orders_keep_sale_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  committed_change numeric := 0;
  sold_change numeric := 0;
  committed_now numeric;
  cap numeric;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status IN ('pending', 'approved') THEN committed_change := committed_change - OLD.tokens; END IF;
    IF OLD.status = 'approved' THEN sold_change := sold_change - OLD.tokens; END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status IN ('pending', 'approved') THEN committed_change := committed_change + NEW.tokens; END IF;
    IF NEW.status = 'approved' THEN sold_change := sold_change + NEW.tokens; END IF;
  END IF;
  IF committed_change = 0 AND sold_change = 0 THEN
    RETURN NULL;
  END IF;
  UPDATE sale_settings
    SET tokens_committed = tokens_committed + committed_change, tokens_sold = tokens_sold + sold_change
    WHERE id = 1
    RETURNING tokens_committed, hard_cap INTO committed_now, cap;
  IF TG_OP = 'INSERT' AND NEW.status = 'pending' AND committed_now > cap THEN
    RAISE EXCEPTION 'the order exceeds the tokens left in the sale'
      USING ERRCODE = 'PS001', DETAIL = greatest(cap - (committed_now - NEW.tokens), 0)::text;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_keep_sale_totals AFTER INSERT OR DELETE OR UPDATE OF status, tokens ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_sale_totals();
--> statement-breakpoint
UPDATE sale_settings SET
  tokens_committed = (SELECT coalesce(sum(tokens), 0) FROM orders WHERE status IN ('pending', 'approved')),
  tokens_sold = (SELECT coalesce(sum(tokens), 0) FROM orders WHERE status = 'approved');
