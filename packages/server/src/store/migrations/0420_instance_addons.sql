-- Instance add-ons (§3 "Additional metric", §5 plan upgrade): storage beyond the plan's, in GB, and the connector names.
ALTER TABLE instances ADD COLUMN additional_storage_gb integer NOT NULL DEFAULT 0;
ALTER TABLE instances ADD COLUMN connectors jsonb NOT NULL DEFAULT '[]';
