-- An instant as the API writes it in JSON: ISO 8601 in UTC with milliseconds, what JavaScript's
-- toISOString gives. The grant functions write their audit events themselves (decision 0009), with the
-- same shape as the API's `request.audit`, so their timestamps go through this.
CREATE OR REPLACE FUNCTION pult_iso(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
