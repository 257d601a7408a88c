-- Statements of an instance on a TDengine cluster, counted by the console that every one of them passes (issue 23;
-- docs/clusters.md decision 8): rows inserted and queries, added by each server like the gateway's traffic. The
-- cluster's own tables keep no such counts per database or user. Zero for an engine process of ours (its /-/stats).
ALTER TABLE instances ADD COLUMN cluster_rows_inserted bigint NOT NULL DEFAULT 0;
ALTER TABLE instances ADD COLUMN cluster_queries bigint NOT NULL DEFAULT 0;
