-- Replication (data collection) agents (docs/data-in.md "Agents"). An agent is registered per instance, holds a
-- secret token (only its SHA-256 here) valid until expires_at, and connects out to the region server's websocket.
-- connection_id names its live connection (one at a time: a newer one replaces it, on any node); last_seen_at is
-- the last heartbeat, so a connection whose node died is shown disconnected once it goes stale.
CREATE TABLE datain_agents (
  id text PRIMARY KEY,
  instance_id text NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  dsn text NOT NULL DEFAULT '',
  token_hash text NOT NULL,
  expires_at bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  connection_id text,
  last_seen_at bigint,
  host text,
  version text,
  created_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE UNIQUE INDEX datain_agents_name_idx ON datain_agents (instance_id, name);

CREATE TABLE datain_agent_activities (
  id bigserial PRIMARY KEY,
  agent_id text NOT NULL REFERENCES datain_agents(id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  time bigint NOT NULL,
  kind text NOT NULL,
  message text
);
CREATE INDEX datain_agent_activities_agent_idx ON datain_agent_activities (agent_id, time);
