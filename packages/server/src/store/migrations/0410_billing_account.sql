-- A minimal billing account per organization (docs/instances.md "Plan upgrade"): what the §5 credit check of a plan
-- upgrade reads. No row = no credit, no card, not marketplace-billed. Operators set it with `npm run ops -- billing …`.
CREATE TABLE billing_accounts (
  org_id text PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  -- In hundredths of the edition's currency (or of a unit on a marketplace).
  credit_cents bigint NOT NULL DEFAULT 0,
  card_on_file integer NOT NULL DEFAULT 0 CHECK (card_on_file IN (0, 1)),
  marketplace integer NOT NULL DEFAULT 0 CHECK (marketplace IN (0, 1)),
  updated_at bigint NOT NULL
);
