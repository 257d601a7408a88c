-- Organizations, their members and invitations (platform-shell.md §3 Organization, §6).
-- Ids are opaque text; times are epoch milliseconds from the server's Clock.

CREATE TABLE organizations (
  id text PRIMARY KEY,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DELETING')),
  owner_id text NOT NULL REFERENCES users(id),
  -- The organization created for a user at first sign-in (one per user); NULL for the others.
  personal_of text UNIQUE REFERENCES users(id) ON DELETE SET NULL,
  discount double precision NOT NULL DEFAULT 1,
  marketplace_type text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX organizations_owner_idx ON organizations (owner_id);

-- Membership; the owner is a member too. user_id is NULL while an invitation waits for an e-mail without an
-- account. Deleting a member deletes the row (and with it their group memberships and grants).
CREATE TABLE org_members (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id text REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  status text NOT NULL CHECK (status IN ('INVITED', 'ACTIVE', 'DISABLED')),
  invited_by text REFERENCES users(id) ON DELETE SET NULL,
  invited_at bigint NOT NULL,
  joined_at bigint,
  UNIQUE (org_id, email)
);
CREATE UNIQUE INDEX org_members_org_user_idx ON org_members (org_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX org_members_user_idx ON org_members (user_id);
CREATE INDEX org_members_email_idx ON org_members (email);

-- Invitation links: only the sha256 of the token is kept.
CREATE TABLE org_invitations (
  token_hash text PRIMARY KEY,
  member_id text NOT NULL REFERENCES org_members(id) ON DELETE CASCADE,
  group_ids jsonb NOT NULL DEFAULT '[]',
  -- Sent to an e-mail without an activated account: the member joins when that account is activated.
  auto_join boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  accepted_at bigint
);
CREATE INDEX org_invitations_member_idx ON org_invitations (member_id);
