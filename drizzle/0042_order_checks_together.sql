-- What ordering asks of each buyer (migration 0041's `order_check_inputs`) for several buyers in one
-- call: orders that arrive together share it, as they share the quick insert and the throttles'
-- count (issue 35). One call per order was the only statement of the order path not shared: on a
-- launch spike it was nine in ten of the statements sent. The plan is kept, as 0041's is.
CREATE FUNCTION order_check_inputs_of(buyers integer[])
  RETURNS TABLE (buyer integer, declared text, email_verified boolean, terms_accepted boolean, restricted text[], geoip_path text,
                 threshold_usd numeric, identity_verified boolean, committed_usd numeric)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT u.id,
         u.country,
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
   WHERE u.id = ANY (buyers);
END;
$$;
--> statement-breakpoint
-- One function reads the checks, for one buyer or many.
DROP FUNCTION order_check_inputs(integer);
