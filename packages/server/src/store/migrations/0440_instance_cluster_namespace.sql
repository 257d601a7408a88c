-- The namespace of an instance placed on a TDengine cluster (issue 23; docs/clusters.md decision 3): everything it owns
-- on the cluster is named `<namespace>_<name>`. NULL for an engine process of ours.
ALTER TABLE instances ADD COLUMN cluster_namespace text UNIQUE;
