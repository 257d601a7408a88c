-- The database mart and platform databases (data-explorer.md §3, §7 Database mart; platform-shell.md §2 rule 6;
-- docs/explorer-server.md "Database mart"): a published database with its 32-character access code, and the
-- organizations that imported it into their tree (read-only).
CREATE TABLE database_mart (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  region_id text NOT NULL,
  db_name text NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  access_code text NOT NULL UNIQUE,
  platform boolean NOT NULL DEFAULT false,
  created_by text,
  created_at bigint NOT NULL
);
CREATE INDEX database_mart_org_idx ON database_mart (org_id, created_at DESC);
CREATE INDEX database_mart_instance_idx ON database_mart (instance_id);

CREATE TABLE database_mart_imports (
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  entry_id text NOT NULL REFERENCES database_mart(id) ON DELETE CASCADE,
  created_by text,
  created_at bigint NOT NULL,
  PRIMARY KEY (org_id, entry_id)
);
