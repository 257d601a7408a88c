-- Invoice and refund requests (issue 17, platform-shell.md §3, §5; docs/billing.md "Invoices and refunds"): an
-- organization asks, an operator issues or approves (a refund posts a ledger entry of type 4) or rejects. Amounts in
-- micros of the edition's currency, like the ledger.

CREATE TABLE billing_invoice_requests (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  amount_micros bigint NOT NULL CHECK (amount_micros > 0),
  company_id text NOT NULL,
  address text NOT NULL,
  phone text NOT NULL,
  bank text NOT NULL,
  bank_account text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'issued', 'rejected')),
  -- Given by the operator who issues it; an invoice number is never given twice.
  invoice_no text UNIQUE,
  reject_reason text,
  created_by text,
  created_at bigint NOT NULL,
  processed_at bigint
);
CREATE INDEX billing_invoice_requests_org_idx ON billing_invoice_requests (org_id, created_at);

CREATE TABLE billing_refund_requests (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  amount_micros bigint NOT NULL CHECK (amount_micros > 0),
  reason text NOT NULL,
  description text NOT NULL,
  account_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'refunded', 'rejected')),
  -- The refund's ledger entry (type 4, its reference the request's id).
  transaction_no text,
  reject_reason text,
  created_by text,
  created_at bigint NOT NULL,
  processed_at bigint
);
CREATE INDEX billing_refund_requests_org_idx ON billing_refund_requests (org_id, created_at);
