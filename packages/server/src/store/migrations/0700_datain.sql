-- Data-in tasks (issue 15; docs/data-in.md "Tasks" and "The runner"). A task reads one source (connector, config:
-- its from_expand values) through a transform into target_db of an instance. The node holding the lease (node_id,
-- lease_until) runs it; checkpoint is the source position after the last batch the engine acknowledged.
CREATE TABLE datain_tasks (
  id text PRIMARY KEY,
  instance_id text NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  connector text NOT NULL,
  name text NOT NULL,
  labels text NOT NULL DEFAULT 'ds',
  target_db text NOT NULL,
  config jsonb NOT NULL,
  transform jsonb NOT NULL,
  status text NOT NULL,
  status_reason text,
  node_id text,
  lease_until bigint,
  checkpoint text,
  created_by text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  started_at bigint,
  stopped_at bigint
);
CREATE INDEX datain_tasks_instance_idx ON datain_tasks (instance_id, created_at);
CREATE INDEX datain_tasks_status_idx ON datain_tasks (status);

-- Start, stop, failure, completion and resume events (kind) with their message (a failure's error).
CREATE TABLE datain_task_activities (
  id bigserial PRIMARY KEY,
  task_id text NOT NULL REFERENCES datain_tasks(id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  time bigint NOT NULL,
  kind text NOT NULL,
  message text
);
CREATE INDEX datain_task_activities_task_idx ON datain_task_activities (task_id, time);
CREATE INDEX datain_task_activities_instance_idx ON datain_task_activities (instance_id, time);

-- Counters since the task was created, written by the runner every few seconds; tables is the source's progress
-- ([{name, done, total}]); newest_ts the newest row timestamp written (epoch ms, for lag); rate rows/s.
CREATE TABLE datain_task_metrics (
  task_id text PRIMARY KEY REFERENCES datain_tasks(id) ON DELETE CASCADE,
  rows_read bigint NOT NULL DEFAULT 0,
  rows_written bigint NOT NULL DEFAULT 0,
  rows_failed bigint NOT NULL DEFAULT 0,
  bytes bigint NOT NULL DEFAULT 0,
  rate double precision NOT NULL DEFAULT 0,
  newest_ts bigint,
  last_error text,
  tables jsonb NOT NULL DEFAULT '[]',
  updated_at bigint
);
