-- The identity gate (decision 041) was judged from each buyer's approved and pending orders as read
-- before the order, outside the sale's lock: two orders of one buyer arriving together (one quick
-- insert, or two transactions) were each judged without the other and could pass the threshold
-- together. The orders trigger runs under the sale row's lock after every statement that adds
-- orders, as it does for the pending-order limit, so it is where the threshold is kept: a statement
-- whose new pending orders take an unverified buyer's approved and pending orders past it is refused
-- (PS004, the threshold in DETAIL). The quick insert retries such a batch in halves, and the order
-- that breaks it takes the checked path, which names the refusal. Orders made from deposits
-- (approved, the payment already received) are not gated, as before. With no threshold set the
-- trigger reads one settings row more.
--
-- Each buyer's pending orders counted by the orders trigger as they change, instead of counted
-- again on every statement that adds orders (issue 35). The limit's check counted each buyer's
-- pending orders through orders_user_pending_idx, visiting every one of them in the table; on the
-- embedded database that was 35-45 % of a launch's insert, and more as the index kept the entries
-- of orders no longer pending (it runs no vacuum). Now the trigger adds each statement's change per
-- buyer (new pending rows one more, old pending rows one less: inserts, status changes, deletes)
-- to buyer_pending_orders under the sale row's lock, and the limit reads the counts it returns.
-- Every statement that changes a buyer's pending orders changes the sale's totals too, so it took
-- that lock already; one that would not (no tokens) takes it now. Otherwise the function is
-- migration 0027's.
CREATE TABLE "buyer_pending_orders" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"pending" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_pending_orders" ADD CONSTRAINT "buyer_pending_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Migrations run in one transaction: no order is written between the counts filled here and the
-- function that keeps them (an instance still on the old code would otherwise add orders uncounted).
LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO buyer_pending_orders (user_id, pending)
  SELECT user_id, count(*)::integer FROM orders WHERE status = 'pending' GROUP BY user_id;
--> statement-breakpoint
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
  over_allowed boolean := coalesce(current_setting('presale.allow_over_cap', true), '') = 'on';
  roll_over boolean;
  stage_ids integer[];
  committed_deltas numeric[];
  sold_deltas numeric[];
  s record;
  next_id integer;
  found_stages bigint;
  over_id integer;
  over_left numeric;
  reached boolean;
  released boolean;
  one_committed numeric;
  one_may_sell numeric;
  one_closed boolean;
  identity_threshold numeric;
  pending_users integer[];
  pending_deltas integer[];
  pending_top integer;
BEGIN
  -- The orders' totals, and each stage's change from the pieces of the rows the statement added (+)
  -- and took away (-). Nested: a query naming new_orders cannot even be planned in a DELETE
  -- trigger, nor old_orders in an INSERT one. New orders, the common case, take one statement.
  IF TG_OP = 'INSERT' THEN
    SELECT t.c, t.s, t.p, d.ids, d.cs, d.ss INTO added_committed, added_sold, adds_pending, stage_ids, committed_deltas, sold_deltas
      FROM (SELECT coalesce(sum(tokens) FILTER (WHERE status IN ('pending', 'approved')), 0), coalesce(sum(tokens) FILTER (WHERE status = 'approved'), 0), coalesce(bool_or(status = 'pending'), false)
              FROM new_orders) AS t(c, s, p),
           (SELECT array_agg(x.id ORDER BY x.id), array_agg(x.c ORDER BY x.id), array_agg(x.s ORDER BY x.id)
              FROM (SELECT (p->>'stageId')::integer AS id,
                           sum(CASE WHEN o.status IN ('pending', 'approved') THEN (p->>'tokens')::numeric ELSE 0 END) AS c,
                           sum(CASE WHEN o.status = 'approved' THEN (p->>'tokens')::numeric ELSE 0 END) AS s
                      FROM new_orders o CROSS JOIN LATERAL jsonb_array_elements(o.stage_pieces) AS p GROUP BY 1) AS x
              WHERE x.c <> 0 OR x.s <> 0) AS d(ids, cs, ss);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(sum(tokens) FILTER (WHERE status IN ('pending', 'approved')), 0), coalesce(sum(tokens) FILTER (WHERE status = 'approved'), 0), coalesce(bool_or(status = 'pending'), false)
      INTO added_committed, added_sold, adds_pending FROM new_orders;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(sum(tokens) FILTER (WHERE status IN ('pending', 'approved')), 0), coalesce(sum(tokens) FILTER (WHERE status = 'approved'), 0)
      INTO removed_committed, removed_sold FROM old_orders;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(d.id ORDER BY d.id), array_agg(d.c ORDER BY d.id), array_agg(d.s ORDER BY d.id) INTO stage_ids, committed_deltas, sold_deltas
      FROM (SELECT x.id, sum(x.c) AS c, sum(x.s) AS s FROM (
              SELECT (p->>'stageId')::integer AS id,
                     CASE WHEN o.status IN ('pending', 'approved') THEN (p->>'tokens')::numeric ELSE 0 END AS c,
                     CASE WHEN o.status = 'approved' THEN (p->>'tokens')::numeric ELSE 0 END AS s
                FROM new_orders o CROSS JOIN LATERAL jsonb_array_elements(o.stage_pieces) AS p
              UNION ALL
              SELECT (p->>'stageId')::integer,
                     CASE WHEN o.status IN ('pending', 'approved') THEN -(p->>'tokens')::numeric ELSE 0 END,
                     CASE WHEN o.status = 'approved' THEN -(p->>'tokens')::numeric ELSE 0 END
                FROM old_orders o CROSS JOIN LATERAL jsonb_array_elements(o.stage_pieces) AS p) AS x
            GROUP BY x.id) AS d
      WHERE d.c <> 0 OR d.s <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(d.id ORDER BY d.id), array_agg(d.c ORDER BY d.id), array_agg(d.s ORDER BY d.id) INTO stage_ids, committed_deltas, sold_deltas
      FROM (SELECT (p->>'stageId')::integer AS id,
                   -sum(CASE WHEN o.status IN ('pending', 'approved') THEN (p->>'tokens')::numeric ELSE 0 END) AS c,
                   -sum(CASE WHEN o.status = 'approved' THEN (p->>'tokens')::numeric ELSE 0 END) AS s
              FROM old_orders o CROSS JOIN LATERAL jsonb_array_elements(o.stage_pieces) AS p GROUP BY 1) AS d
      WHERE d.c <> 0 OR d.s <> 0;
  END IF;
  -- Each buyer's change in pending orders: a new pending row counts one more, an old one one less.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(d.user_id ORDER BY d.user_id), array_agg(d.n ORDER BY d.user_id) INTO pending_users, pending_deltas
      FROM (SELECT user_id, count(*)::integer AS n FROM new_orders WHERE status = 'pending' GROUP BY user_id) AS d;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(d.user_id ORDER BY d.user_id), array_agg(d.n ORDER BY d.user_id) INTO pending_users, pending_deltas
      FROM (SELECT x.user_id, sum(x.n)::integer AS n
              FROM (SELECT user_id, 1 AS n FROM new_orders WHERE status = 'pending'
                    UNION ALL
                    SELECT user_id, -1 FROM old_orders WHERE status = 'pending') AS x
             GROUP BY x.user_id) AS d
     WHERE d.n <> 0;
  ELSE
    SELECT array_agg(d.user_id ORDER BY d.user_id), array_agg(d.n ORDER BY d.user_id) INTO pending_users, pending_deltas
      FROM (SELECT user_id, -count(*)::integer AS n FROM old_orders WHERE status = 'pending' GROUP BY user_id) AS d;
  END IF;
  IF added_committed = removed_committed AND added_sold = removed_sold AND stage_ids IS NULL AND pending_users IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE sale_settings
    SET tokens_committed = tokens_committed + added_committed - removed_committed, tokens_sold = tokens_sold + added_sold - removed_sold
    WHERE id = 1
    RETURNING tokens_committed, hard_cap, max_pending_orders, unsold_stage_tokens = 'roll_over' INTO committed_now, cap, pending_limit, roll_over;
  IF added_committed > removed_committed AND committed_now > cap AND NOT over_allowed THEN
    RAISE EXCEPTION 'the orders exceed the tokens left in the sale'
      USING ERRCODE = 'PS001', DETAIL = greatest(cap - (committed_now - added_committed + removed_committed), 0)::text;
  END IF;
  IF pending_users IS NOT NULL THEN
    -- Under the sale row's lock, taken by the update above: the counts change one statement at a time.
    WITH counted AS (
      INSERT INTO buyer_pending_orders AS b (user_id, pending)
        SELECT d.u, d.n FROM unnest(pending_users, pending_deltas) AS d(u, n)
      ON CONFLICT (user_id) DO UPDATE SET pending = b.pending + excluded.pending
      RETURNING b.pending
    )
    SELECT max(c.pending) INTO pending_top FROM counted AS c;
  END IF;
  IF cardinality(stage_ids) = 1 THEN
    -- The common case, one stage: updated by its key, the checks read from what the update returns.
    UPDATE sale_stages
      SET tokens_committed = tokens_committed + committed_deltas[1], tokens_sold = tokens_sold + sold_deltas[1], updated_at = now()
      WHERE id = stage_ids[1]
      RETURNING tokens_committed, allocation + rolled_in - rolled_out, closed_at IS NOT NULL INTO one_committed, one_may_sell, one_closed;
    found_stages := CASE WHEN FOUND THEN 1 ELSE 0 END;
    IF committed_deltas[1] > 0 AND (one_committed > one_may_sell OR (TG_OP = 'INSERT' AND one_closed)) THEN
      over_id := stage_ids[1];
      over_left := CASE WHEN TG_OP = 'INSERT' AND one_closed THEN 0 ELSE greatest(one_may_sell - (one_committed - committed_deltas[1]), 0) END;
    END IF;
    reached := NOT one_closed AND one_committed >= one_may_sell;
    released := one_closed AND committed_deltas[1] < 0;
  ELSIF stage_ids IS NOT NULL THEN
    -- One statement updates the stages and tells the checks below what they need: how many stages
    -- it found, the first (in sale order) taken past what it may sell or, for a new order, closed
    -- already, whether one reached what it may sell, and whether a closed one gave tokens back.
    WITH changed AS (
      UPDATE sale_stages AS st
        SET tokens_committed = st.tokens_committed + d.c, tokens_sold = st.tokens_sold + d.s, updated_at = now()
        FROM unnest(stage_ids, committed_deltas, sold_deltas) AS d(id, c, s)
        WHERE st.id = d.id
        RETURNING st.id, st.position, d.c, st.tokens_committed AS committed, st.allocation + st.rolled_in - st.rolled_out AS may_sell, st.closed_at IS NOT NULL AS closed
    ), over AS (
      SELECT id, CASE WHEN TG_OP = 'INSERT' AND closed THEN 0 ELSE greatest(may_sell - (committed - c), 0) END AS tokens_left
        FROM changed WHERE c > 0 AND (committed > may_sell OR (TG_OP = 'INSERT' AND closed))
        ORDER BY position LIMIT 1
    )
    SELECT (SELECT count(*) FROM changed), (SELECT id FROM over), (SELECT tokens_left FROM over),
           (SELECT coalesce(bool_or(NOT closed AND committed >= may_sell), false) FROM changed),
           (SELECT coalesce(bool_or(closed AND c < 0), false) FROM changed)
      INTO found_stages, over_id, over_left, reached, released;
  END IF;
  IF stage_ids IS NOT NULL THEN
    IF found_stages <> cardinality(stage_ids) THEN
      RAISE EXCEPTION 'an order piece names a stage that does not exist' USING ERRCODE = 'foreign_key_violation';
    END IF;
    IF over_id IS NOT NULL AND NOT over_allowed THEN
      RAISE EXCEPTION 'the orders exceed the tokens left in a stage'
        USING ERRCODE = 'PS003', DETAIL = over_id::text || ':' || over_left::text;
    END IF;
    IF roll_over AND released THEN
      FOR s IN
        SELECT st.id, st.position, least(-d.c, greatest(st.allocation + st.rolled_in - st.rolled_out - st.tokens_committed, 0)) AS freed
          FROM sale_stages AS st JOIN unnest(stage_ids, committed_deltas) AS d(id, c) ON st.id = d.id
          WHERE d.c < 0 AND st.closed_at IS NOT NULL
          ORDER BY st.position
      LOOP
        next_id := NULL;
        SELECT id INTO next_id FROM sale_stages WHERE position > s.position AND closed_at IS NULL ORDER BY position LIMIT 1;
        IF next_id IS NOT NULL AND s.freed > 0 THEN
          UPDATE sale_stages SET rolled_out = rolled_out + s.freed, updated_at = now() WHERE id = s.id;
          UPDATE sale_stages SET rolled_in = rolled_in + s.freed, updated_at = now() WHERE id = next_id;
        END IF;
      END LOOP;
    END IF;
    IF reached THEN
      FOR s IN
        UPDATE sale_stages
          SET closed_at = now(), close_reason = 'sold_out', committed_at_close = tokens_committed, sold_at_close = tokens_sold, updated_at = now()
          WHERE id = ANY (stage_ids) AND closed_at IS NULL AND tokens_committed >= allocation + rolled_in - rolled_out
          RETURNING id, position, name, tokens_committed, tokens_sold
      LOOP
        INSERT INTO audit_log (operator_login, action, entity, "before", "after")
          VALUES ('Automatic', 'stage.closed', 'stage:' || s.id, NULL,
                  jsonb_build_object('stage', s.position, 'name', s.name, 'reason', 'sold_out', 'tokensCommitted', s.tokens_committed::text, 'tokensSold', s.tokens_sold::text));
        PERFORM pg_notify('presale_events', '{"from":"database","events":[{"type":"sale"}]}');
      END LOOP;
    END IF;
  END IF;
  -- Nested: a condition naming new_orders cannot even be planned in a DELETE trigger.
  IF TG_OP = 'INSERT' AND adds_pending THEN
    -- The counts kept above, for the buyers of the statement (every change an insert makes adds).
    IF pending_top > pending_limit THEN
      RAISE EXCEPTION 'a buyer would hold more pending orders than allowed'
        USING ERRCODE = 'PS002', DETAIL = pending_limit::text;
    END IF;
    -- The identity threshold, for the buyers of the statement's new pending orders: their approved
    -- and pending orders (these included) may reach it unverified, not pass it. The latest check is
    -- a buyer's standing, as order_check_inputs_of reads it.
    SELECT i.threshold_usd INTO identity_threshold FROM identity_settings AS i WHERE i.id = 1;
    IF identity_threshold IS NOT NULL AND EXISTS (
      SELECT 1 FROM (SELECT DISTINCT user_id FROM new_orders WHERE status = 'pending') AS buyer
        -- The status is a filter, not an index condition: the planner's row estimates are never
        -- refreshed in the embedded database, and with them it matched the status index, reading
        -- every pending and approved order of the sale for each buyer.
        WHERE (SELECT coalesce(sum(o.usd_amount) FILTER (WHERE o.status IN ('pending', 'approved')), 0) FROM orders o WHERE o.user_id = buyer.user_id) > identity_threshold
          AND NOT coalesce((SELECT c.status = 'approved' FROM identity_checks AS c WHERE c.user_id = buyer.user_id ORDER BY c.id DESC LIMIT 1), false)
    ) THEN
      RAISE EXCEPTION 'a buyer''s orders would pass the identity threshold unverified'
        USING ERRCODE = 'PS004', DETAIL = identity_threshold::text;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
