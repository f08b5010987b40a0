-- Trigger: a published agreement version is never changed or deleted, whoever writes (the API,
-- a script, psql): what a person accepted must stay provable (migration 0011, decision 0014). PU409 with
-- HINT CONFLICT, which the API answers as 409.
CREATE OR REPLACE FUNCTION agreements_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'published agreement versions cannot be changed or deleted' USING ERRCODE = 'PU409', HINT = 'CONFLICT';
END $$;
