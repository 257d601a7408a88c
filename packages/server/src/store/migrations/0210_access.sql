-- Groups, roles and role grants (platform-shell.md §3 Group/Role/Role grant, §5, §6).

CREATE TABLE org_groups (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DISABLED')),
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX org_groups_name_idx ON org_groups (org_id, lower(name));

CREATE TABLE group_members (
  group_id text NOT NULL REFERENCES org_groups(id) ON DELETE CASCADE,
  member_id text NOT NULL REFERENCES org_members(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, member_id)
);
CREATE INDEX group_members_member_idx ON group_members (member_id);

-- A role is a name and privilege strings. Built-in roles (builtin = 'Admin' | 'Developer' | 'Viewer') take
-- their privileges from the code's catalogue, so they follow it as it grows; custom roles store theirs.
CREATE TABLE roles (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  builtin text,
  privileges jsonb NOT NULL DEFAULT '[]',
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX roles_name_idx ON roles (org_id, lower(name));

-- A role granted to a member or a group at a level. Below ORG level the grant names its resource:
-- INSTANCE res_id = instance id; DATABASE res_id = database name; STABLE/VIEW res_id = 'db.name'.
-- Expired = status EXPIRED or expiration (epoch ms) in the past.
CREATE TABLE role_grants (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  role_id text NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  member_id text REFERENCES org_members(id) ON DELETE CASCADE,
  group_id text REFERENCES org_groups(id) ON DELETE CASCADE,
  res_type text NOT NULL CHECK (res_type IN ('ORG', 'INSTANCE', 'DATABASE', 'STABLE', 'VIEW')),
  res_id text,
  res_name text,
  instance_id text,
  database_id text,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DISABLED', 'EXPIRED')),
  expiration bigint,
  created_by text REFERENCES users(id) ON DELETE SET NULL,
  created_at bigint NOT NULL,
  CHECK ((member_id IS NULL) <> (group_id IS NULL)),
  CHECK (res_type = 'ORG' OR (res_id IS NOT NULL AND instance_id IS NOT NULL))
);
CREATE INDEX role_grants_member_idx ON role_grants (org_id, member_id);
CREATE INDEX role_grants_group_idx ON role_grants (org_id, group_id);
CREATE INDEX role_grants_instance_idx ON role_grants (instance_id);
