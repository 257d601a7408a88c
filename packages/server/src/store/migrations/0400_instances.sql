-- Instances (platform-shell.md §3, §4) and their IP allow-lists (§7). docs/instances.md explains the columns.
CREATE TABLE instances (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL UNIQUE,
  alias text NOT NULL,
  app_type text NOT NULL CHECK (app_type IN ('TSDB', 'TDASSET')),
  cloud_id text NOT NULL,
  region_id text NOT NULL,
  plan_level integer NOT NULL CHECK (plan_level IN (0, 1, 2)),
  ha integer NOT NULL DEFAULT 0 CHECK (ha IN (0, 1)),
  -- What the user asked for; the node holding the lease moves status towards it.
  desired_state text NOT NULL CHECK (desired_state IN ('running', 'suspended', 'deleted')),
  status text NOT NULL,
  status_reason text,
  -- The server process (node) that runs the engine, and until when its claim holds without renewal.
  node_id text,
  lease_until bigint,
  engine_url text,
  engine_user text NOT NULL,
  engine_password text NOT NULL,
  token_hash text NOT NULL,
  ingress_bytes bigint NOT NULL DEFAULT 0,
  egress_bytes bigint NOT NULL DEFAULT 0,
  created_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
-- Alias unique per organization among instances that are not deleted.
CREATE UNIQUE INDEX instances_org_alias_idx ON instances (org_id, lower(alias)) WHERE status <> 'Deleted';
CREATE INDEX instances_org_idx ON instances (org_id);
CREATE INDEX instances_node_idx ON instances (node_id);

CREATE TABLE instance_ip_allow (
  id text PRIMARY KEY,
  instance_id text NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  ip text NOT NULL,
  created_at bigint NOT NULL,
  UNIQUE (instance_id, ip)
);
