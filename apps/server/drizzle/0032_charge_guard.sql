-- Aborts the statement that evaluates it when `ok` is false, with SQLSTATE NC409: a batch of single
-- checks priced against the balances and volumes this process last wrote is written in one
-- statement that checks them under its row locks, and the charge retries the locked way when they
-- moved (docs/architecture.md, "A check costs one row").
CREATE OR REPLACE FUNCTION nc_assert(ok boolean, what text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ok THEN
    RAISE EXCEPTION 'stale %', what USING ERRCODE = 'NC409';
  END IF;
  RETURN true;
END
$$;
