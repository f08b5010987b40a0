-- The limiter's rule, written once (docs/decisions/0031): counts attempts against their limits in
-- fixed windows and says which are over. Every limit of the API goes through it: sign-in, password
-- reset, password change, device moves and the promo landing page call it for one attempt
-- (lib/rate-limit.ts reserveAttempt), the redemption batch for two per redemption, per account and per
-- address (pult_redeem_promo_codes). The limits and windows themselves are the callers'.
--
-- p_attempts: a JSON array, each {"key", "max" (attempts allowed in a window), "at", "windowMs"}.
-- Answers one row per attempt (attempt: its place in the array, from 1): retry_after = 0 when it is
-- within the limit, else the seconds until its window reopens (at least 1).
--
-- The counter is incremented BEFORE the work it guards (a password hash, a code lookup), in one upsert,
-- so parallel requests cannot all read "under the limit" and then all be checked, the flaw of a
-- read-then-count limiter; the counters live in the database, so every API process shares them. A key
-- counts all of its attempts in the call, and an attempt is over the limit if the count had passed it by
-- its turn, as if they had come one by one. A key's window is its first attempt's (a batch's attempts
-- are microseconds apart): a window that has run out starts again at that attempt. Rows are written in
-- key order, so two callers never wait on each other's rows in a cycle (migrations 0025, 0026).
CREATE OR REPLACE FUNCTION pult_reserve_attempts(p_attempts jsonb)
RETURNS TABLE (attempt integer, retry_after integer) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN QUERY
  WITH attempts AS (
    SELECT e.n::integer AS n, e.a ->> 'key' AS key, (e.a ->> 'max')::integer AS max, (e.a ->> 'at')::timestamptz AS at,
      make_interval(secs => (e.a ->> 'windowMs')::double precision / 1000) AS win,
      row_number() OVER (PARTITION BY e.a ->> 'key' ORDER BY e.n)::integer AS turn,
      count(*) OVER (PARTITION BY e.a ->> 'key')::integer AS tries
    FROM jsonb_array_elements(p_attempts) WITH ORDINALITY AS e(a, n)
  ),
  keys AS (SELECT a.key, a.at, a.win, a.tries FROM attempts a WHERE a.turn = 1),
  counted AS (
    INSERT INTO rate_limits AS r (key, window_start, count)
    SELECT k.key, k.at, k.tries FROM keys k ORDER BY k.key
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start <= excluded.window_start - (SELECT k.win FROM keys k WHERE k.key = excluded.key)
        THEN excluded.count ELSE r.count + excluded.count END,
      window_start = CASE WHEN r.window_start <= excluded.window_start - (SELECT k.win FROM keys k WHERE k.key = excluded.key)
        THEN excluded.window_start ELSE r.window_start END
    RETURNING r.key, r.count, r.window_start
  )
  SELECT a.n,
    CASE WHEN c.count - a.tries + a.turn > a.max
      THEN greatest(ceil(extract(epoch FROM (c.window_start + a.win - a.at)))::integer, 1) ELSE 0 END
  FROM attempts a
  JOIN counted c ON c.key = a.key
  ORDER BY a.n;
END
$$;
