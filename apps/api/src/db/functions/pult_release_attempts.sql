-- Gives reserved attempts back (pult_reserve_attempts): one per occurrence of a key in p_keys, for
-- attempts that turned out legitimate: a successful sign-in from a shared address, a password changed,
-- a redeemed code (so only failures count). The rows are locked in key order first, as the reservation
-- writes them, so two callers never wait on each other in a cycle. A counter back at zero stays until
-- the cleanup job finds its window stale: deleting it made the next attempt insert it again, and a hot
-- key's index filled with dead versions (migration 0017).
CREATE OR REPLACE FUNCTION pult_release_attempts(p_keys text[]) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM rate_limits r WHERE r.key = ANY (p_keys) ORDER BY r.key FOR NO KEY UPDATE;
  UPDATE rate_limits r SET count = greatest(r.count - g.given, 0)
  FROM (SELECT k.key, count(*)::integer AS given FROM unnest(p_keys) AS k(key) GROUP BY k.key) AS g
  WHERE r.key = g.key;
END
$$;
