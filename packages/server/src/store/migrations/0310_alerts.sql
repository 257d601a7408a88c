-- Alerts per user and organization (platform-shell.md §3 Alert); produced by monitoring.
CREATE TABLE alerts (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  instance_id text,
  type text NOT NULL CHECK (type IN ('CPU', 'MEMORY', 'DISK')),
  content text NOT NULL,
  read boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
CREATE INDEX alerts_user_org_idx ON alerts (user_id, org_id, read, created_at DESC);
