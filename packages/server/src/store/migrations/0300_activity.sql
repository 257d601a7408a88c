-- The activity log: every change an organization member makes (platform-shell.md §3 Activity log).
CREATE TABLE activity_log (
  id bigserial PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  user_id text REFERENCES users(id) ON DELETE SET NULL,
  -- The originator's e-mail at the time, kept when the account goes.
  originator text NOT NULL,
  type text NOT NULL,
  operation text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  instance_id text,
  request_ip text NOT NULL,
  result text NOT NULL CHECK (result IN ('SUCCESS', 'FAILURE')),
  code integer NOT NULL,
  request_time bigint NOT NULL
);
CREATE INDEX activity_log_org_time_idx ON activity_log (org_id, request_time DESC);
