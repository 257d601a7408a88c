-- TDengine clusters an operator registered as a region's backend (issue 23; docs/clusters.md): instances placed on
-- one live there as a namespace of databases and users. The superuser password is sealed with the secrets key.
CREATE TABLE tdengine_clusters (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  region_id text NOT NULL,
  rest_url text NOT NULL,
  admin_user text NOT NULL,
  admin_password text NOT NULL,
  max_instances integer NOT NULL,
  -- 'active' takes new instances; 'draining' keeps its instances and takes no new one
  state text NOT NULL,
  -- from the last check: the cluster's version, 'healthy' | 'degraded' | 'unreachable' | 'unknown', and why
  server_version text,
  health text NOT NULL,
  health_detail text,
  checked_at bigint,
  created_at bigint NOT NULL
);

-- The cluster an instance lives on (NULL: the local provisioner, an engine process of ours).
ALTER TABLE instances ADD COLUMN cluster_id text REFERENCES tdengine_clusters(id) ON DELETE RESTRICT;
