-- Arrears actions (docs/billing.md "Arrears"): one row per organization while its balance is negative — when the
-- arrears began, its due date, which warnings went out, and which instances the arrears stopped (to start them again
-- once paid). Removed when the balance is back to zero or more.
CREATE TABLE billing_arrears (
  org_id text PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  since bigint NOT NULL,
  due_at bigint NOT NULL,
  due_mailed_at bigint,
  -- the off-session charge of the card on file at the due date (a billing_payments id), when there is a card
  charge_payment_id text,
  suspended_at bigint,
  clear_warned_at bigint,
  cleared_at bigint,
  updated_at bigint NOT NULL
);

CREATE TABLE billing_arrears_suspensions (
  org_id text NOT NULL REFERENCES billing_arrears(org_id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  PRIMARY KEY (org_id, instance_id)
);
