-- The token-routed gateway entry (POST /rest/sql?token=…, the JDBC REST driver) finds the instance by its token hash.
CREATE INDEX instances_token_hash_idx ON instances (token_hash);
