-- The quick insert counted each new order's buyer's pending orders before inserting it, and the
-- orders trigger (migration 0009) counts them again for the statement, under the sale row's lock,
-- where the limit is enforced. The count per row was about 40 % of the insert's time in PGlite on a
-- launch (issue 35): an index scan and a heap visit per pending order of the buyer, for every order.
-- It only spared a refused statement to a buyer at their limit; now such a batch is refused by the
-- trigger and QuickOrderBatch retries it in halves, down to the order that takes the checked path,
-- which names the refusal. Otherwise the function is migration 0039's.
CREATE OR REPLACE FUNCTION insert_quoted_orders(batch jsonb) RETURNS TABLE (made_id bigint, made_public_id text)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT * FROM jsonb_to_recordset(batch) AS i(
      "publicId" text, "userId" integer, "cryptoCode" text, "usdPrice" numeric, rate numeric, "stageId" integer,
      "stagePieces" jsonb, address text, network text, "chainId" integer, "tokenContract" text, decimals integer,
      "priceUsd" numeric, "orderExpiryMinutes" integer, tokens numeric, "bonusTokens" numeric, "payAmount" numeric,
      "usdAmount" numeric, "idempotencyKey" text, "requestFingerprint" text, "expiresAt" timestamptz,
      "createdAt" timestamptz, "freshRatesSince" timestamptz, eligibility jsonb)
  ), made AS (
    INSERT INTO orders (public_id, user_id, crypto_code, address, status, tokens, bonus_tokens, pay_amount, rate, usd_amount,
                        price_usd, stage_pieces, network, chain_id, token_contract, decimals, idempotency_key,
                        request_fingerprint, expires_at, created_at, updated_at, eligibility)
    SELECT i."publicId", i."userId", c.code, c.address, 'pending', i.tokens, i."bonusTokens", i."payAmount", i.rate, i."usdAmount",
           st.price_usd, i."stagePieces", c.network, c.chain_id, c.token_contract, c.decimals, i."idempotencyKey",
           i."requestFingerprint", i."expiresAt", i."createdAt", i."createdAt", i.eligibility
      FROM input AS i
      JOIN cryptos AS c ON c.code = i."cryptoCode"
      JOIN sale_settings AS s ON s.id = 1
      JOIN sale_stages AS st ON st.id = i."stageId"
     WHERE st.price_usd = i."priceUsd"
       AND st.closed_at IS NULL
       AND (st.ends_at IS NULL OR st.ends_at > i."createdAt")
       -- No stage before it still open (one past its end but not yet recorded takes the checked path).
       AND NOT EXISTS (SELECT 1 FROM sale_stages AS earlier WHERE earlier.position < st.position AND earlier.closed_at IS NULL)
       -- Read once per statement, in the order of orders_pending_expiry_idx: the first overdue order's end.
       AND coalesce((SELECT overdue.expires_at FROM orders AS overdue
                      WHERE overdue.status = 'pending'
                        AND NOT EXISTS (SELECT 1 FROM payments AS p WHERE p.order_id = overdue.id AND p.state = 'seen' AND p.paid_at <= overdue.expires_at)
                      ORDER BY overdue.expires_at LIMIT 1), 'infinity') > i."createdAt"
       AND s.order_expiry_minutes = i."orderExpiryMinutes"
       AND s.scheduled_at IS NOT NULL
       AND s.starts_at <= i."createdAt"
       AND s.ends_at > i."createdAt"
       AND s.tokens_sold < s.hard_cap
       AND c.enabled
       AND c.usd_price = i."usdPrice"
       AND c.rate IS NOT NULL
       AND c.address = i.address
       AND c.network = i.network
       AND c.chain_id IS NOT DISTINCT FROM i."chainId"
       AND c.token_contract IS NOT DISTINCT FROM i."tokenContract"
       AND c.decimals IS NOT DISTINCT FROM i.decimals
       AND (c.rate_source = 'manual' OR c.rate_updated_at >= i."freshRatesSince")
    ON CONFLICT (user_id, idempotency_key) DO NOTHING
    RETURNING orders.id, orders.public_id
  )
  SELECT made.id, made.public_id FROM made;
END;
$$;
