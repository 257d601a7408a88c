-- Card charges with nobody at the keyboard (a monthly bill's debt, arrears at the due date) are payments of their own
-- kind, 'auto', rather than 'retry' (docs/billing.md "Payments").
ALTER TABLE billing_payments DROP CONSTRAINT billing_payments_kind_check;
ALTER TABLE billing_payments ADD CONSTRAINT billing_payments_kind_check CHECK (kind IN ('recharge', 'retry', 'auto'));
