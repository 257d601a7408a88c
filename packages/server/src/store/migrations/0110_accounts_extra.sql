-- More account calls (docs/accounts.md "More account calls"): e-mail verification codes, tokens for IDMP
-- (asset) instance consoles, and marketplace subscriptions linked to organizations. Times are epoch ms.
-- Instances (0400) and organizations (0200) are created by later migrations, so their ids are kept without
-- foreign keys here; readers join and ignore rows whose instance or organization is gone.

-- 6-digit codes sent by e-mail (hashed). purpose 'verify': POST /uc/api/auth/send/verifycode for any address;
-- 'prompt': GET /api/user/getVerifyCode/email for the signed-in user's own address.
CREATE TABLE email_codes (
  id text PRIMARY KEY,
  email text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'prompt')),
  user_id text REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  verified_at bigint,
  used_at bigint
);
CREATE INDEX email_codes_email_idx ON email_codes (email, purpose, created_at);

-- Bearer tokens valid for one IDMP instance's console (only the sha256 is kept).
CREATE TABLE asset_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX asset_tokens_user_idx ON asset_tokens (user_id, expires_at);

-- A marketplace subscription (customer) is linked to at most one organization.
CREATE TABLE marketplace_customers (
  marketplace text NOT NULL CHECK (marketplace IN ('aws', 'azure')),
  customer_id text NOT NULL,
  product_code text NOT NULL DEFAULT '',
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  org_id text NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (marketplace, customer_id)
);
