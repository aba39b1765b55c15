-- An order attempt's throttles and checks in one call (issue 35): the throttles' count
-- (add_rate_limit_hits, migration 0030) and what ordering asks of each buyer (order_check_inputs_of,
-- migration 0042) were two statements per batch of orders arriving together. Each statement costs its
-- round trip and a place in the embedded database's queue, and a three-stage pipeline (throttles and
-- checks, then the insert) split a spike's orders into smaller batches. The throttles still count
-- every attempt first; the checks read follows in the same call. Rows of the first kind carry a key,
-- rows of the second a buyer.
CREATE FUNCTION order_attempts_of(buyers integer[], keys text[], added integer[], at timestamptz, window_start timestamptz)
  RETURNS TABLE (hit_key text, hit_count integer, hit_window_started_at timestamptz,
                 buyer integer, declared text, email_verified boolean, terms_accepted boolean, restricted text[], geoip_path text,
                 threshold_usd numeric, identity_verified boolean, committed_usd numeric)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT h.hit_key, h.hit_count, h.hit_window_started_at,
         NULL::integer, NULL::text, NULL::boolean, NULL::boolean, NULL::text[], NULL::text, NULL::numeric, NULL::boolean, NULL::numeric
    FROM add_rate_limit_hits(keys, added, at, window_start) AS h;
  RETURN QUERY
  SELECT NULL::text, NULL::integer, NULL::timestamptz,
         c.buyer, c.declared, c.email_verified, c.terms_accepted, c.restricted, c.geoip_path, c.threshold_usd, c.identity_verified, c.committed_usd
    FROM order_check_inputs_of(buyers) AS c;
END;
$$;
