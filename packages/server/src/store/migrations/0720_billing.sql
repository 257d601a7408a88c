-- Billing, part 1 (issue 17, docs/billing.md): usage records per instance-hour (CDRs) and their daily sums, the
-- metering job's periods (one runner per hour across servers, by lease), the append-only ledger the balance is
-- derived from, and coupons. Amounts are integers in millionths (micros) of the edition's currency or unit, so that
-- an hour's storage or traffic, far below a cent, is charged exactly.

CREATE TABLE billing_metering_periods (
  hour_start bigint PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('running', 'done')),
  node_id text NOT NULL,
  lease_until bigint NOT NULL,
  cdr_count integer NOT NULL DEFAULT 0,
  finished_at bigint
);

CREATE TABLE billing_cdrs (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  instance_name text NOT NULL,
  hour_start bigint NOT NULL,
  -- The instance-day (edition time zone) it adds to, YYYY-MM-DD.
  day text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('USD', 'CNY', 'UNIT')),
  plan_ms bigint NOT NULL,
  -- Byte-milliseconds of storage: GB-hours = storage_byte_ms / 2^30 / 3600000, kept whole.
  storage_byte_ms numeric NOT NULL,
  bytes_in bigint NOT NULL,
  bytes_out bigint NOT NULL,
  amount_micros bigint NOT NULL CHECK (amount_micros >= 0),
  items jsonb NOT NULL,
  created_at bigint NOT NULL,
  -- A run twice bills nothing twice.
  UNIQUE (instance_id, hour_start)
);
CREATE INDEX billing_cdrs_org_day_idx ON billing_cdrs (org_id, day);

CREATE TABLE billing_usage_days (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  instance_name text NOT NULL,
  day text NOT NULL,
  currency text NOT NULL,
  plan_ms bigint NOT NULL,
  storage_byte_ms numeric NOT NULL,
  bytes_in bigint NOT NULL,
  bytes_out bigint NOT NULL,
  amount_micros bigint NOT NULL,
  UNIQUE (instance_id, day)
);
CREATE INDEX billing_usage_days_org_idx ON billing_usage_days (org_id, day);

CREATE SEQUENCE billing_transaction_seq;

-- The ledger: one row per balance change, numbered per organization (seq) and globally (transaction_no). The balance
-- is the last row's new_micros; rows are never changed (the trigger below), so it always equals the sum of changes.
CREATE TABLE billing_ledger (
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  seq integer NOT NULL CHECK (seq >= 1),
  transaction_no text NOT NULL UNIQUE,
  type integer NOT NULL CHECK (type BETWEEN 1 AND 6),
  old_micros bigint NOT NULL,
  change_micros bigint NOT NULL,
  new_micros bigint NOT NULL CHECK (new_micros = old_micros + change_micros),
  -- What the entry is for (coupon code, CDR id); one entry per kind and reference, so a charge is posted once.
  reference text,
  note text,
  created_at bigint NOT NULL,
  PRIMARY KEY (org_id, seq),
  UNIQUE (org_id, type, reference)
);
CREATE INDEX billing_ledger_org_time_idx ON billing_ledger (org_id, created_at);

CREATE FUNCTION billing_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'billing_ledger is append-only';
END;
$$;
-- Deleting stays possible: an organization's deletion cascades to its rows.
CREATE TRIGGER billing_ledger_no_update BEFORE UPDATE ON billing_ledger FOR EACH ROW EXECUTE FUNCTION billing_ledger_append_only();

-- The credit an operator had set becomes the opening entry of each organization's ledger; the column goes.
INSERT INTO billing_ledger (org_id, seq, transaction_no, type, old_micros, change_micros, new_micros, reference, note, created_at)
SELECT org_id, 1, 'TX' || lpad(nextval('billing_transaction_seq')::text, 12, '0'), 5, 0, credit_cents * 10000, credit_cents * 10000,
       NULL, 'credit before the ledger', updated_at
FROM billing_accounts WHERE credit_cents <> 0;
ALTER TABLE billing_accounts DROP COLUMN credit_cents;

CREATE TABLE billing_coupons (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{32}$'),
  amount_micros bigint NOT NULL CHECK (amount_micros > 0),
  expires_at bigint,
  single_use integer NOT NULL DEFAULT 1 CHECK (single_use IN (0, 1)),
  note text,
  created_at bigint NOT NULL
);

-- A single-use coupon's redemptions all take the slot 'single', so a second one violates the key whatever the race;
-- a multi-use coupon's slot is the organization (once per organization).
CREATE TABLE billing_coupon_redemptions (
  code text NOT NULL REFERENCES billing_coupons(code),
  slot text NOT NULL,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  transaction_no text NOT NULL,
  redeemed_at bigint NOT NULL,
  PRIMARY KEY (code, slot)
);
