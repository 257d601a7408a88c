-- Saved queries (issue 13): favorites get a name, a folder ('' for none, one level) and an update time. A name is
-- unique per author, instance and folder among personal ones, and per instance and folder among shared ones (they
-- are listed together). Favorites saved before names existed are named after their SQL's first line, numbered
-- "… (2)" where that repeats in their list, as the server names a favorite saved without a name.
ALTER TABLE explorer_favorites ADD COLUMN name text;
ALTER TABLE explorer_favorites ADD COLUMN folder text NOT NULL DEFAULT '';
ALTER TABLE explorer_favorites ADD COLUMN updated_at bigint;

WITH firsts AS (
  SELECT id, instance_id, member_id, shared, created_at,
    left(coalesce(nullif(btrim(regexp_replace(substring(btrim(sql, E' \t\r\n') FROM '^[^\r\n]*'), '\s+', ' ', 'g')), ''), 'SQL'), 64) AS base
  FROM explorer_favorites
), numbered AS (
  SELECT id, base,
    row_number() OVER (PARTITION BY instance_id, shared, CASE WHEN shared THEN '' ELSE member_id END, base ORDER BY created_at, id) AS n
  FROM firsts
)
UPDATE explorer_favorites f
SET name = CASE WHEN numbered.n = 1 THEN numbered.base
                ELSE rtrim(left(numbered.base, 64 - length(' (' || numbered.n || ')'))) || ' (' || numbered.n || ')' END,
    updated_at = f.created_at
FROM numbered
WHERE numbered.id = f.id;

ALTER TABLE explorer_favorites ALTER COLUMN name SET NOT NULL;
ALTER TABLE explorer_favorites ALTER COLUMN updated_at SET NOT NULL;
CREATE UNIQUE INDEX explorer_favorites_personal_name_idx ON explorer_favorites (instance_id, member_id, folder, name) WHERE NOT shared;
CREATE UNIQUE INDEX explorer_favorites_shared_name_idx ON explorer_favorites (instance_id, folder, name) WHERE shared;
