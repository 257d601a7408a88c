-- Monthly bills (issue 17, docs/billing.md "Bills"): one per organization and calendar month (edition time zone),
-- made in the month's first hour by the bills job. A month is claimed in billing_bill_periods with a lease, as the
-- metering job claims an hour, so that one server makes it however many run. Amounts in micros.

CREATE TABLE billing_bill_periods (
  month text PRIMARY KEY CHECK (month ~ '^\d{4}-\d{2}$'),
  status text NOT NULL CHECK (status IN ('running', 'done')),
  node_id text NOT NULL,
  lease_until bigint NOT NULL,
  bill_count integer NOT NULL DEFAULT 0,
  finished_at bigint
);

CREATE TABLE billing_bills (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  month text NOT NULL CHECK (month ~ '^\d{4}-\d{2}$'),
  -- §4: 1 and 2 issuing (being made; the card being charged), 3 succeeded, 4 failed, 5 not needed.
  status integer NOT NULL CHECK (status BETWEEN 1 AND 5),
  currency text NOT NULL CHECK (currency IN ('USD', 'CNY', 'UNIT')),
  period_start bigint NOT NULL,
  period_end bigint NOT NULL,
  opening_micros bigint NOT NULL DEFAULT 0,
  charges_micros bigint NOT NULL DEFAULT 0 CHECK (charges_micros >= 0),
  credits_micros bigint NOT NULL DEFAULT 0,
  closing_micros bigint NOT NULL DEFAULT 0,
  charge_lines jsonb NOT NULL DEFAULT '[]',
  credit_lines jsonb NOT NULL DEFAULT '[]',
  -- The off-session card charge for a negative closing balance.
  payment_id text REFERENCES billing_payments(id) ON DELETE SET NULL,
  created_at bigint NOT NULL,
  issued_at bigint,
  -- A month made twice makes one bill.
  UNIQUE (org_id, month)
);
CREATE INDEX billing_bills_status_idx ON billing_bills (status);
