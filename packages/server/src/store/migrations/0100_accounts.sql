-- Accounts, sessions, one-time tokens, sign-in attempts, phone codes, multi-factor and stored files.
-- Times are epoch milliseconds (bigint) taken from the server's Clock, so tests can cross expiries.

CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  nickname text NOT NULL DEFAULT '',
  username text NOT NULL DEFAULT '',
  company_name text NOT NULL DEFAULT '',
  industry_type text NOT NULL DEFAULT '',
  position text NOT NULL DEFAULT '',
  country_code text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  phone_verified boolean NOT NULL DEFAULT false,
  avatar_file_id text,
  status text NOT NULL CHECK (status IN ('INVITED', 'REGISTERING', 'ACTIVE', 'DISABLED', 'DELETED')),
  -- 0 or 1: registration incomplete (go to /register); 2: normal.
  account_status integer NOT NULL DEFAULT 1 CHECK (account_status IN (0, 1, 2)),
  role_id text NOT NULL DEFAULT '1',
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'zh')),
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  activated_at bigint
);

-- Sign-in sessions: only the sha256 of the opaque bearer token is kept.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  last_seen_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  revoked_at bigint,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- One-time and short-lived tokens sent by mail or handed to the client: activation, password reset,
-- the multi-factor sign-in ticket and the reusable verify token. Only hashes are kept.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('activation', 'reset', 'mfa_ticket', 'verify')),
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);

-- Failed sign-in attempts, counted per account and per client address within a window. Kept in the store so
-- that every server process sees the same counts.
CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  address text NOT NULL,
  attempted_at bigint NOT NULL
);
CREATE INDEX login_attempts_email_idx ON login_attempts (email, attempted_at);
CREATE INDEX login_attempts_address_idx ON login_attempts (address, attempted_at);

-- Phone verification codes (hashed), valid PHONE_CODE_TTL_MS; verified_at is set once the code is confirmed.
CREATE TABLE phone_codes (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  country_code text NOT NULL,
  phone text NOT NULL,
  code_hash text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  verified_at bigint,
  used_at bigint
);
CREATE INDEX phone_codes_user_idx ON phone_codes (user_id, phone);

-- TOTP multi-factor: pending_secret during enrolment, secret once confirmed.
CREATE TABLE user_mfa (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret text,
  pending_secret text,
  enabled boolean NOT NULL DEFAULT false,
  enabled_at bigint,
  last_used_step bigint
);

CREATE TABLE mfa_recovery_codes (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at bigint
);
CREATE INDEX mfa_recovery_codes_user_idx ON mfa_recovery_codes (user_id);

-- Protected operations the user chose to exempt from multi-factor until a time.
CREATE TABLE mfa_exemptions (
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url_id text NOT NULL,
  until_at bigint NOT NULL,
  PRIMARY KEY (user_id, url_id)
);

-- Uploaded files: bytes under DATA_DIR/files/<id>, metadata here; names never come from the user's path.
CREATE TABLE stored_files (
  id text PRIMARY KEY,
  kind text NOT NULL,
  owner_user_id text REFERENCES users(id) ON DELETE SET NULL,
  original_name text NOT NULL DEFAULT '',
  mime_type text NOT NULL,
  size_bytes bigint NOT NULL,
  created_at bigint NOT NULL
);
