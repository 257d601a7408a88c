-- Issue 14 item 11: what an entry acted on (a member's e-mail, an allowed IP, a group, a role …), and the filters
-- of the log screen by originator and by type.
ALTER TABLE activity_log ADD COLUMN target text;
CREATE INDEX activity_log_org_user_idx ON activity_log (org_id, user_id, request_time DESC);
CREATE INDEX activity_log_org_type_idx ON activity_log (org_id, type, request_time DESC);
