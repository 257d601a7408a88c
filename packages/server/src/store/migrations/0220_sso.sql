-- Enterprise single sign-on (Azure AD) per organization, and the sign-in flows in progress (docs/sso.md).
-- Times are epoch milliseconds from the server's Clock.

-- One setting per organization; without a row the organization's sign-in is "public" (e-mail and password).
-- The client secret is write-only through the API: no call ever returns it.
CREATE TABLE org_sso_settings (
  id text PRIMARY KEY,
  org_id text NOT NULL UNIQUE REFERENCES organizations(id) ON DELETE CASCADE,
  identity_provider text NOT NULL DEFAULT 'azure-ad' CHECK (identity_provider IN ('azure-ad')),
  -- The login link's ?azure_sso=<connection_name>; derived from the domain.
  connection_name text NOT NULL UNIQUE,
  -- The directory's domain: the Azure AD tenant and the e-mail domain of the members held to SSO.
  domain text NOT NULL UNIQUE,
  client_id text NOT NULL,
  client_secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT false,
  -- Set by a successful test sign-in; cleared when domain, client ID or secret change.
  verified boolean NOT NULL DEFAULT false,
  verified_at bigint,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

-- An authorization-code flow between its start and the identity provider's answer: only the sha256 of the
-- state is kept; the nonce and PKCE verifier never leave the server.
CREATE TABLE sso_flows (
  state_hash text PRIMARY KEY,
  -- 'azure-ad': an organization's directory (connection = connection name); 'provider': a configured
  -- third-party provider (connection = its id).
  kind text NOT NULL CHECK (kind IN ('azure-ad', 'provider')),
  connection text NOT NULL,
  -- 'signin' starts a session; 'verify' is the owner's test sign-in that sets the verified flag.
  purpose text NOT NULL CHECK (purpose IN ('signin', 'verify')),
  setting_id text REFERENCES org_sso_settings(id) ON DELETE CASCADE,
  user_id text REFERENCES users(id) ON DELETE CASCADE,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect text,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX sso_flows_expires_idx ON sso_flows (expires_at);
