-- The order checks' reads (migration 0042) made per buyer of the call, whatever the planner's row
-- estimates say. The embedded database never refreshes them (it runs no autovacuum), and the plan is
-- kept from the first call (force_generic_plan), made when the tables were all but empty. With those
-- estimates:
-- - "has accepted the terms in use" became a hashed subplan reading every acceptance of the current
--   version, on every call: a statement's cost grew with the number of buyers, not with the orders
--   in it. It is now one probe of terms_acceptances_user_version_key per buyer (a LIMIT keeps the
--   subquery correlated).
-- - the identity gate's sum of a buyer's approved and pending orders (read only while a threshold is
--   set) matched orders_status_idx and read every pending and approved order of the sale for each
--   buyer. The status is now a filter over the buyer's own orders.
CREATE OR REPLACE FUNCTION order_check_inputs_of(buyers integer[])
  RETURNS TABLE (buyer integer, declared text, email_verified boolean, terms_accepted boolean, restricted text[], geoip_path text,
                 threshold_usd numeric, identity_verified boolean, committed_usd numeric)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT u.id,
         u.country,
         u.email_verified_at IS NOT NULL,
         coalesce((SELECT true FROM terms_acceptances AS a
                    WHERE a.user_id = u.id AND a.version = (SELECT max(v.version) FROM terms_versions AS v)
                    LIMIT 1), false),
         e.restricted_countries,
         e.geoip_path,
         s.threshold_usd::numeric,
         -- The buyer's latest check is their standing (a provider may revoke a verdict).
         CASE WHEN s.threshold_usd IS NULL THEN false
              ELSE coalesce((SELECT c.status = 'approved' FROM identity_checks AS c WHERE c.user_id = u.id ORDER BY c.id DESC LIMIT 1), false) END,
         CASE WHEN s.threshold_usd IS NULL THEN 0::numeric
              ELSE (SELECT coalesce(sum(o.usd_amount) FILTER (WHERE o.status IN ('pending', 'approved')), 0) FROM orders AS o WHERE o.user_id = u.id) END
    FROM users AS u
    LEFT JOIN eligibility_settings AS e ON e.id = 1
    LEFT JOIN identity_settings AS s ON s.id = 1
   WHERE u.id = ANY (buyers);
END;
$$;
