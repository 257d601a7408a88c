-- Demo data loads (data-explorer.md §9 demo databases; docs/explorer-server.md "Demo data"): one row per job, its
-- progress written as it goes, so any server process can answer the web's polling.
CREATE TABLE explorer_demo_jobs (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  member_id text NOT NULL,
  db_name text NOT NULL,
  tables integer NOT NULL,
  rows_per_table integer NOT NULL,
  rows_written bigint NOT NULL DEFAULT 0,
  status text NOT NULL,
  error text,
  started_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  finished_at bigint
);
CREATE INDEX explorer_demo_jobs_instance_idx ON explorer_demo_jobs (instance_id, started_at DESC);
