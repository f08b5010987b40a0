-- The dashboard's day of an instant: a calendar day in Moscow, whatever the server's time zone
-- (migration 0013, decision 0016). IMMUTABLE so the dashboard's indexes and rollups can use it.
CREATE OR REPLACE FUNCTION pult_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT (t AT TIME ZONE 'Europe/Moscow')::date $$;
