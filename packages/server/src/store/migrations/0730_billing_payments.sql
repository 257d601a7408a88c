-- Billing, payments (issue 17, docs/billing.md "Payments"). No table here ever holds a card number or a CVC: a card
-- is the provider's token with the display fields of platform-shell.md §3.

-- Settings of the payment side kept per deployment (the sandbox's webhook signing secret, sealed with SECRETS_KEY).
CREATE TABLE billing_payment_settings (
  name text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE billing_payment_methods (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  provider text NOT NULL,
  token text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL,
  owner_name text NOT NULL,
  address_line text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  state text NOT NULL DEFAULT '',
  postal_code text NOT NULL DEFAULT '',
  is_default integer NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX billing_payment_methods_org_idx ON billing_payment_methods (org_id);

-- A payment: a recharge through the hosted page or a retry on the card on file. status follows §4's processing
-- states; a paid one names its ledger entry (type 1, reference = the payment id).
CREATE TABLE billing_payments (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('recharge', 'retry')),
  provider text NOT NULL,
  session_id text UNIQUE,
  amount_micros bigint NOT NULL CHECK (amount_micros > 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('waiting', 'processing', 'paid', 'failed')),
  failure_code text,
  transaction_no text,
  created_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX billing_payments_org_idx ON billing_payments (org_id, created_at);

-- Webhook events already handled: a delivery seen twice (a retry or a replay inside the window) acts once.
CREATE TABLE billing_webhook_events (
  event_id text PRIMARY KEY,
  received_at bigint NOT NULL
);

CREATE TABLE billing_payment_emails (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at bigint NOT NULL,
  UNIQUE (org_id, email)
);

-- The sandbox provider's own records (what a processor keeps on its side): a token's card behaviour and display
-- fields, and checkout sessions. The sandbox keeps no card number either: the test behaviour is decided at
-- tokenisation.
CREATE TABLE sandbox_pay_tokens (
  token text PRIMARY KEY,
  behaviour text NOT NULL CHECK (behaviour IN ('succeed', 'card_declined', 'insufficient_funds', 'confirm')),
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  created_at bigint NOT NULL
);

CREATE TABLE sandbox_pay_sessions (
  id text PRIMARY KEY,
  reference text NOT NULL,
  amount_micros bigint NOT NULL,
  currency text NOT NULL,
  token text REFERENCES sandbox_pay_tokens(token),
  status text NOT NULL CHECK (status IN ('open', 'needs_confirmation', 'succeeded', 'failed', 'cancelled')),
  created_at bigint NOT NULL
);
