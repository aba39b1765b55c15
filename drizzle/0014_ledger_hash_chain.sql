CREATE TABLE "ledger_chain" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "ledger_chain_single_row" CHECK ("ledger_chain"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "ledger_heads" (
	"day" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The hash chain (issue 16). Each entry hashes the previous entry's hash and its own canonical
-- content: prev_hash|seq|id|user_id|order_id|kind|amount|created_at (order_id empty when none, the
-- amount as stored with its 6 decimals, created_at in UTC to the microsecond). Entries link one at a
-- time, in the order they take the chain row's lock, which they hold until they commit.
CREATE FUNCTION ledger_entry_hash(prev text, seq bigint, e ledger_entries) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|', prev, seq, e.id, e.user_id, coalesce(e.order_id::text, ''), e.kind, e.amount::text, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')), 'UTF8')), 'hex')
$$;--> statement-breakpoint
CREATE FUNCTION ledger_entries_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head ledger_chain%ROWTYPE;
BEGIN
  -- The first entry (or the first after the tables were emptied) starts from 64 zeros.
  INSERT INTO ledger_chain (id, seq, hash) VALUES (1, 0, repeat('0', 64)) ON CONFLICT (id) DO NOTHING;
  SELECT * INTO head FROM ledger_chain WHERE id = 1 FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := ledger_entry_hash(NEW.prev_hash, NEW.seq, NEW);
  UPDATE ledger_chain SET seq = NEW.seq, hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Entries written before the chain existed are linked now, in the order they were written.
ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;--> statement-breakpoint
DO $$
DECLARE
  r ledger_entries%ROWTYPE;
  prev text := repeat('0', 64);
  n bigint := 0;
BEGIN
  FOR r IN SELECT * FROM ledger_entries ORDER BY id LOOP
    n := n + 1;
    UPDATE ledger_entries SET seq = n, prev_hash = prev, hash = ledger_entry_hash(prev, n, r) WHERE id = r.id;
    prev := ledger_entry_hash(prev, n, r);
  END LOOP;
  INSERT INTO ledger_chain (id, seq, hash) VALUES (1, n, prev);
END
$$;--> statement-breakpoint
ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_seq_key" ON "ledger_entries" USING btree ("seq");--> statement-breakpoint
CREATE TRIGGER ledger_entries_chain BEFORE INSERT ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_link();
