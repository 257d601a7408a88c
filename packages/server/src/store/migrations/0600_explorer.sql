-- SQL favorites of the data explorer (data-explorer.md §3 Favorite SQL, §7 SQL console): personal ones are seen
-- by their creator only, shared ones by every member of the organization with access to the instance.
CREATE TABLE explorer_favorites (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  instance_id text NOT NULL,
  member_id text NOT NULL,
  shared boolean NOT NULL,
  sql text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX explorer_favorites_instance_idx ON explorer_favorites (instance_id, shared, created_at DESC);
