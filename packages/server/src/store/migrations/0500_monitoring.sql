-- Threshold alerts of the monitoring sampler (docs/monitoring.md): per instance and alert type, whether an alert
-- has fired and not yet cleared, so that a condition that persists alerts once (across restarts and servers).
CREATE TABLE monitor_alert_state (
  instance_id text NOT NULL REFERENCES instances(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('CPU', 'MEMORY', 'DISK')),
  firing boolean NOT NULL,
  value double precision NOT NULL,
  changed_at bigint NOT NULL,
  PRIMARY KEY (instance_id, type)
);
