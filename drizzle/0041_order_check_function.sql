-- What ordering asks of the buyer (issues 14 and 34; decisions 038, 039 and 041) in one call whose
-- plan is kept for the life of the connection, as the quick insert's is (decision 034): sent as text,
-- the same select was parsed and planned on every order, which cost over ten times its execution
-- (on PostgreSQL 510 µs of planning for 27 µs of work per order).
-- The identity gate's reads run only while a threshold is set.
CREATE FUNCTION order_check_inputs(buyer integer)
  RETURNS TABLE (declared text, email_verified boolean, terms_accepted boolean, restricted text[], geoip_path text,
                 threshold_usd numeric, identity_verified boolean, committed_usd numeric)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT u.country,
         u.email_verified_at IS NOT NULL,
         EXISTS (SELECT 1 FROM terms_acceptances AS a
                  WHERE a.user_id = u.id AND a.version = (SELECT max(v.version) FROM terms_versions AS v)),
         e.restricted_countries,
         e.geoip_path,
         s.threshold_usd::numeric,
         -- The buyer's latest check is their standing (a provider may revoke a verdict).
         CASE WHEN s.threshold_usd IS NULL THEN false
              ELSE coalesce((SELECT c.status = 'approved' FROM identity_checks AS c WHERE c.user_id = u.id ORDER BY c.id DESC LIMIT 1), false) END,
         CASE WHEN s.threshold_usd IS NULL THEN 0::numeric
              ELSE (SELECT coalesce(sum(o.usd_amount), 0) FROM orders AS o WHERE o.user_id = u.id AND o.status IN ('pending', 'approved')) END
    FROM users AS u
    LEFT JOIN eligibility_settings AS e ON e.id = 1
    LEFT JOIN identity_settings AS s ON s.id = 1
   WHERE u.id = buyer;
END;
$$;
