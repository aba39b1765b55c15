-- The published daily heads of the ledger's hash chain (issue 16) are append-only, like the ledger:
-- a head once listed on /transparency is never changed or removed.
CREATE FUNCTION ledger_heads_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_heads is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_heads_append_only BEFORE UPDATE OR DELETE ON ledger_heads
  FOR EACH ROW EXECUTE FUNCTION ledger_heads_refuse_change();
