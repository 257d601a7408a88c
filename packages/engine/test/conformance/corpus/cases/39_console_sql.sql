-- the SQL the console itself sends to an instance, in the exact shapes its code writes (packages/web/src/explorer-sql,
-- pages/explorer builder/preview/paging, data/console, data/explorer; packages/server/src/region explorer, topics,
-- streams, monitoring, instance-users, replication): CREATE/ALTER DATABASE with every option the form writes,
-- CREATE/ALTER STABLE and TABLE with ENCODE/COMPRESS/LEVEL and back-quoted names, SET TAG, the tree's and lists'
-- information_schema reads (natural-order paging, counts, tag values, child-table filters with SELECT TAGS), DESCRIBE,
-- SHOW CREATE, the data preview, the query builder, the console's count and page statements, the demo loader, the
-- replication writer, the metrics database, topics, engine users and grants; a few as a member (SYSINFO 0) user.
-- Values that depend on the clock (create_time, last_update) are read with -- @skip-values, or left out of a
-- second, deterministic projection of the same shape.
-- @ignore
drop topic if exists p_cs_t1;
-- @ignore
drop topic if exists p_cs_t2;
-- @ignore
drop topic if exists p_cs_t3;
-- @ignore
drop database if exists p_cs_a;
-- @ignore
drop database if exists p_cs_b;
-- @ignore
drop database if exists p_cs_m;
-- @ignore
drop database if exists p_cs_demo;
-- @ignore
drop user p_cs_member;
-- @ignore
drop user p_cs_reader;
-- the database form (every option of 3.3.7; VGROUPS 1), its ALTER with only the changed alterable options
CREATE DATABASE p_cs_a BUFFER 32 CACHEMODEL 'last_row' CACHESIZE 1 COMP 2 DURATION 5d WAL_FSYNC_PERIOD 3000 MAXROWS 4096 MINROWS 100 KEEP 3650d,3650d,3650d PAGES 256 PAGESIZE 4 PRECISION 'ms' REPLICA 1 WAL_LEVEL 1 VGROUPS 1 SINGLE_STABLE 0 WAL_RETENTION_PERIOD 3600 WAL_RETENTION_SIZE 0 STT_TRIGGER 1 TSDB_PAGESIZE 4;
CREATE DATABASE p_cs_b BUFFER 32 CACHEMODEL 'none' CACHESIZE 1 COMP 2 DURATION 10d WAL_FSYNC_PERIOD 3000 MAXROWS 4096 MINROWS 100 KEEP 3650d PAGES 256 PAGESIZE 4 PRECISION 'ms' REPLICA 1 WAL_LEVEL 1 VGROUPS 1 SINGLE_STABLE 0 WAL_RETENTION_PERIOD 3600 WAL_RETENTION_SIZE 0 STT_TRIGGER 1 TSDB_PAGESIZE 4;
-- @error
CREATE DATABASE p_cs_b BUFFER 32 CACHEMODEL 'none' CACHESIZE 1 COMP 2 DURATION 10d KEEP 3650d PRECISION 'ms' VGROUPS 1;
ALTER DATABASE p_cs_b CACHEMODEL 'both' CACHESIZE 2 WAL_FSYNC_PERIOD 1000 KEEP 3650d,3650d,3650d;
-- @error
ALTER DATABASE p_cs_b KEEP 10d;
-- @error
ALTER DATABASE p_cs_b BUFFER 64 PRECISION 'us';
-- the demo loader's database (it exists: nothing happens)
CREATE DATABASE IF NOT EXISTS p_cs_b;
SELECT name FROM information_schema.ins_databases WHERE name = 'p_cs_b';
SELECT name FROM information_schema.ins_databases WHERE name = 'p_cs_none';
-- the edit form: ins_databases' row and SHOW CREATE DATABASE
-- @skip-values
SELECT * FROM information_schema.ins_databases WHERE name = 'p_cs_a';
SELECT name, `vgroups`, `replica`, `strict`, `duration`, `keep`, `buffer`, `pagesize`, `pages`, `minrows`, `maxrows`, `comp`, `precision`, `status`, `retentions`, `single_stable`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `wal_retention_period`, `wal_retention_size`, `stt_trigger`, `table_prefix`, `table_suffix`, `tsdb_pagesize` FROM information_schema.ins_databases WHERE name = 'p_cs_b';
SHOW CREATE DATABASE p_cs_a;
SHOW CREATE DATABASE p_cs_b;
-- @error
SHOW CREATE DATABASE p_cs_none;
-- the super table form (3.3.0 extras: ENCODE/COMPRESS/LEVEL on every column), a back-quoted name, a JSON tag
CREATE STABLE p_cs_a.meters (ts TIMESTAMP ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium', val INT ENCODE 'simple8b' COMPRESS 'lz4' LEVEL 'medium', current FLOAT ENCODE 'delta-d' COMPRESS 'lz4' LEVEL 'medium', note VARCHAR(20) ENCODE 'disabled' COMPRESS 'lz4' LEVEL 'medium', flag BOOL ENCODE 'bit-packing' COMPRESS 'lz4' LEVEL 'medium', big BIGINT ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium') TAGS (groupid INT, location VARCHAR(24));
CREATE STABLE p_cs_a.`Sensors` (ts TIMESTAMP ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium', val INT ENCODE 'simple8b' COMPRESS 'lz4' LEVEL 'medium') TAGS (info JSON);
CREATE STABLE p_cs_a.scratch (ts TIMESTAMP ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium', val INT ENCODE 'simple8b' COMPRESS 'lz4' LEVEL 'medium') TAGS (tag1 INT);
-- @error
CREATE STABLE p_cs_a.meters (ts TIMESTAMP ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium', val INT ENCODE 'simple8b' COMPRESS 'lz4' LEVEL 'medium') TAGS (tag1 INT);
-- @error
CREATE STABLE p_cs_a.bad_enc (ts TIMESTAMP ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium', val INT ENCODE 'delta-d' COMPRESS 'lz4' LEVEL 'medium') TAGS (tag1 INT);
-- @error
CREATE STABLE p_cs_a.bad_cmp (ts TIMESTAMP ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium', val INT ENCODE 'simple8b' COMPRESS 'tsz' LEVEL 'medium') TAGS (tag1 INT);
DESCRIBE p_cs_a.meters;
DESCRIBE p_cs_a.`Sensors`;
-- @error
DESCRIBE p_cs_a.sensors;
-- the super table editor: one change per statement
ALTER STABLE p_cs_a.scratch MODIFY COLUMN val COMPRESS 'zstd' LEVEL 'high';
ALTER STABLE p_cs_a.scratch ADD COLUMN extra NCHAR(10) ENCODE 'disabled' COMPRESS 'lz4' LEVEL 'medium';
ALTER STABLE p_cs_a.scratch RENAME TAG tag1 tag2;
ALTER STABLE p_cs_a.scratch ADD TAG site VARCHAR(16);
ALTER STABLE p_cs_a.scratch MODIFY COLUMN extra NCHAR(20);
ALTER STABLE p_cs_a.scratch MODIFY TAG site VARCHAR(32);
-- @error
ALTER STABLE p_cs_a.scratch MODIFY TAG site VARCHAR(8);
ALTER STABLE p_cs_a.scratch DROP TAG site;
DESCRIBE p_cs_a.scratch;
SHOW CREATE STABLE p_cs_a.scratch;
SHOW CREATE STABLE p_cs_a.meters;
-- the table form: child tables with the tag list, a normal table, a composite primary key, back-quoted names
CREATE TABLE p_cs_a.d1 USING p_cs_a.meters (groupid, location) TAGS (1, 'California.SanFrancisco');
CREATE TABLE p_cs_a.d2 USING p_cs_a.meters (groupid, location) TAGS (2, 'O\'Hare');
CREATE TABLE p_cs_a.d10 USING p_cs_a.meters (groupid, location) TAGS (10, NULL);
CREATE TABLE p_cs_a.`D3` USING p_cs_a.meters (groupid, location) TAGS (2, 'California.LosAngeles');
CREATE TABLE p_cs_a.s1 USING p_cs_a.`Sensors` (info) TAGS ('{\"k\":\"v\",\"n\":1}');
CREATE TABLE p_cs_a.s2 USING p_cs_a.`Sensors` (info) TAGS (NULL);
-- @error
CREATE TABLE p_cs_a.d11 USING p_cs_a.meters (groupid, location) TAGS ('x', 'y');
-- @error
CREATE TABLE p_cs_a.d12 USING p_cs_a.meters (groupid, location) TAGS (1, 'California.SanFrancisco.LongerThan24');
-- @error
CREATE TABLE p_cs_a.logs (ts TIMESTAMP ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium', msg VARCHAR(64) ENCODE 'disabled' COMPRESS 'lz4' LEVEL 'medium');
CREATE TABLE p_cs_a.`logs` (ts TIMESTAMP ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium', `level` TINYINT ENCODE 'simple8b' COMPRESS 'lz4' LEVEL 'medium', msg VARCHAR(64) ENCODE 'disabled' COMPRESS 'lz4' LEVEL 'medium');
CREATE TABLE p_cs_a.`Order` (ts TIMESTAMP ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium', id INT PRIMARY KEY ENCODE 'simple8b' COMPRESS 'lz4' LEVEL 'medium', amount DOUBLE ENCODE 'delta-d' COMPRESS 'lz4' LEVEL 'medium');
-- @error
CREATE TABLE p_cs_a.bad_pk (ts TIMESTAMP ENCODE 'delta-i' COMPRESS 'lz4' LEVEL 'medium', id DOUBLE PRIMARY KEY ENCODE 'delta-d' COMPRESS 'lz4' LEVEL 'medium');
DESCRIBE p_cs_a.`Order`;
DESCRIBE p_cs_a.d1;
SHOW CREATE TABLE p_cs_a.`Order`;
SHOW CREATE TABLE p_cs_a.d2;
SHOW CREATE TABLE p_cs_a.s1;
-- the normal-table editor and the tag editor
ALTER TABLE p_cs_a.`logs` DROP COLUMN `level`;
ALTER TABLE p_cs_a.`logs` MODIFY COLUMN msg VARCHAR(128);
-- @error
ALTER TABLE p_cs_a.`logs` ADD COLUMN host VARCHAR(32) ENCODE 'disabled' COMPRESS 'lz4' LEVEL 'medium';
ALTER TABLE p_cs_a.`logs` ADD COLUMN `host` VARCHAR(32) ENCODE 'disabled' COMPRESS 'lz4' LEVEL 'medium';
DESCRIBE p_cs_a.`logs`;
ALTER TABLE p_cs_a.d10 SET TAG groupid = 11;
ALTER TABLE p_cs_a.d10 SET TAG location = 'Texas';
ALTER TABLE p_cs_a.`D3` SET TAG groupid = NULL;
ALTER TABLE p_cs_a.`D3` SET TAG groupid = 2;
-- @error
ALTER TABLE p_cs_a.d10 SET TAG groupid = 'eleven';
-- @error
ALTER TABLE p_cs_a.`logs` SET TAG groupid = 1;
-- rows (distinct timestamps across the child tables, so that ORDER BY ts has no ties)
INSERT INTO p_cs_a.d1 VALUES ('2024-01-01 00:00:00', 1, 10.5, 'alpha', true, 100) ('2024-01-01 00:00:10', 2, 11.5, 'beta', false, 200) ('2024-01-01 00:00:20', 3, NULL, NULL, NULL, NULL);
INSERT INTO p_cs_a.d2 VALUES ('2024-01-01 00:00:05', 10, 9.25, 'apple', true, -5) ('2024-01-01 00:00:15', 20, 8.75, 'b''s', false, 7);
INSERT INTO p_cs_a.`D3` VALUES ('2024-01-01 00:00:25', 30, 12.0, 'gamma', true, 0);
INSERT INTO p_cs_a.d10 VALUES ('2024-01-01 00:00:30', 40, 7.5, 'delta', false, 9) ('2024-01-01 00:00:40', 50, 6.5, 'a_b%c', true, 10);
INSERT INTO p_cs_a.s1 VALUES ('2024-01-01 00:00:00', 1);
INSERT INTO p_cs_a.`logs` VALUES ('2024-01-01 00:00:00', 'started', 'h1') ('2024-01-01 00:00:01', 'ok', NULL);
INSERT INTO p_cs_a.`Order` VALUES ('2024-01-01 00:00:00', 1, 9.99) ('2024-01-01 00:00:00', 2, 19.5) ('2024-01-01 00:00:01', 1, 5);
-- the import: the table's existence, DESCRIBE, then INSERT with back-quoted column names
SELECT table_name FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' AND table_name = 'd1';
SELECT table_name FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' AND table_name = 'D3';
SELECT table_name FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' AND table_name = 'd3';
INSERT INTO p_cs_a.d1 (`ts`,`val`,`note`) VALUES ('2024-01-01 00:00:50', 4, 'imported'),('2024-01-01 00:00:55', 5, NULL);
-- @error
INSERT INTO p_cs_a.d1 (`ts`,`nope`) VALUES ('2024-01-01 00:00:56', 1);
-- the tree: databases, super tables (natural order, paged by 8), counts, search
SELECT name FROM information_schema.ins_databases WHERE name LIKE 'p\_cs%' ORDER BY name;
-- @meta-only
SELECT name FROM information_schema.ins_databases ORDER BY name;
-- @meta-only
SHOW DATABASES;
SELECT stable_name FROM information_schema.ins_stables WHERE db_name = 'p_cs_a' ORDER BY stable_name;
SELECT stable_name FROM information_schema.ins_stables WHERE db_name = 'p_cs_a';
-- @skip-values
SELECT stable_name, create_time, `columns`, `tags`, last_update FROM information_schema.ins_stables WHERE db_name = 'p_cs_a' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(stable_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(stable_name), stable_name LIMIT 8 OFFSET 0;
SELECT stable_name, `columns`, `tags` FROM information_schema.ins_stables WHERE db_name = 'p_cs_a' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(stable_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(stable_name), stable_name LIMIT 8 OFFSET 0;
SELECT stable_name, `columns`, `tags` FROM information_schema.ins_stables WHERE db_name = 'p_cs_a' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(stable_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(stable_name), stable_name LIMIT 2 OFFSET 1;
SELECT stable_name, `columns`, `tags` FROM information_schema.ins_stables WHERE db_name = 'p_cs_a' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(stable_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(stable_name), stable_name LIMIT 8 OFFSET 8;
SELECT COUNT(*) AS total FROM information_schema.ins_stables WHERE db_name = 'p_cs_a';
SELECT COUNT(*) AS total FROM information_schema.ins_stables WHERE db_name = 'p_cs_none';
SELECT stable_name, `columns`, `tags` FROM information_schema.ins_stables WHERE db_name = 'p_cs_a' AND stable_name LIKE '%ens%' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(stable_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(stable_name), stable_name LIMIT 100;
SELECT stable_name, `columns`, `tags` FROM information_schema.ins_stables WHERE db_name = 'p_cs_a' AND stable_name LIKE '%\\_%' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(stable_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(stable_name), stable_name LIMIT 100;
SELECT stable_name, `columns`, `tags` FROM information_schema.ins_stables WHERE db_name = 'p_cs_a' AND stable_name LIKE '%M%' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(stable_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(stable_name), stable_name LIMIT 100;
SELECT stable_name FROM information_schema.ins_stables WHERE db_name = 'p_cs_a' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(stable_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(stable_name), stable_name LIMIT 1000;
SELECT stable_name, COUNT(*) AS total FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' AND stable_name IN ('meters', 'Sensors', 'scratch') GROUP BY stable_name;
-- the database panel's counts and disk use
SELECT `type`, count(*) AS n FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' GROUP BY `type`;
SELECT count(*) AS n FROM information_schema.ins_stables WHERE db_name = 'p_cs_a';
-- @error
SELECT wal, data1, data2, data3, cache_rdb, table_meta, s3, raw_data FROM information_schema.ins_disk_usage WHERE db_name = 'p_cs_a';
-- @meta-only
SELECT wal, data1, data2, data3, cache_rdb, table_meta, ss, raw_data FROM information_schema.ins_disk_usage WHERE db_name = 'p_cs_a';
-- @meta-only
SELECT db_name, vgroup_id FROM information_schema.ins_disk_usage WHERE db_name = 'p_cs_a';
SELECT wal, data1, data2, data3, cache_rdb, table_meta, ss, raw_data FROM information_schema.ins_disk_usage WHERE db_name = 'p_cs_none';
-- @skip-values
SELECT SUM(data1 + data2 + data3 + wal + cache_rdb + table_meta) FROM information_schema.ins_disk_usage;
-- the tables list: count, then a page in natural order (10 a page), by super table, by name search
SELECT COUNT(*) AS total FROM information_schema.ins_tables WHERE db_name = 'p_cs_a';
-- @skip-values
SELECT table_name, stable_name, `type`, create_time, `columns` FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(table_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(table_name), table_name LIMIT 10 OFFSET 0;
SELECT table_name, stable_name, `type`, `columns` FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(table_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(table_name), table_name LIMIT 10 OFFSET 0;
SELECT table_name, stable_name, `type`, `columns` FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' AND stable_name = 'meters' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(table_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(table_name), table_name LIMIT 10 OFFSET 0;
SELECT table_name, stable_name, `type`, `columns` FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' AND stable_name = 'meters' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(table_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(table_name), table_name LIMIT 2 OFFSET 2;
SELECT table_name, stable_name, `type`, `columns` FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' AND table_name LIKE '%d1%' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(table_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(table_name), table_name LIMIT 10 OFFSET 0;
SELECT COUNT(*) AS total FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' AND stable_name = 'meters' AND table_name LIKE '%d%';
SELECT COUNT(*) AS total FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' AND stable_name = 'Sensors';
SELECT COUNT(*) AS total FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' AND table_name LIKE '%\\_%';
-- a child table's tags, a tag's values (most used first, numbers by number) and their count
SELECT tag_name, tag_type, tag_value FROM information_schema.ins_tags WHERE db_name = 'p_cs_a' AND table_name = 'd1';
SELECT tag_name, tag_type, tag_value FROM information_schema.ins_tags WHERE db_name = 'p_cs_a' AND table_name = 'd10';
SELECT tag_name, tag_type, tag_value FROM information_schema.ins_tags WHERE db_name = 'p_cs_a' AND table_name = 'D3';
SELECT tag_name, tag_type, tag_value FROM information_schema.ins_tags WHERE db_name = 'p_cs_a' AND table_name = 's1';
SELECT tag_name, tag_type, tag_value FROM information_schema.ins_tags WHERE db_name = 'p_cs_a' AND table_name = 's2';
SELECT tag_value, COUNT(*) AS total FROM information_schema.ins_tags WHERE db_name = 'p_cs_a' AND stable_name = 'meters' AND tag_name = 'groupid' GROUP BY tag_value ORDER BY total DESC, CAST(tag_value AS DOUBLE) LIMIT 10 OFFSET 0;
SELECT tag_value, COUNT(*) AS total FROM information_schema.ins_tags WHERE db_name = 'p_cs_a' AND stable_name = 'meters' AND tag_name = 'location' GROUP BY tag_value ORDER BY total DESC, tag_value LIMIT 2 OFFSET 0;
SELECT tag_value, COUNT(*) AS total FROM information_schema.ins_tags WHERE db_name = 'p_cs_a' AND stable_name = 'meters' AND tag_name = 'location' GROUP BY tag_value ORDER BY total DESC, tag_value LIMIT 10 OFFSET 2;
SELECT COUNT(*) AS total FROM (SELECT tag_value FROM information_schema.ins_tags WHERE db_name = 'p_cs_a' AND stable_name = 'meters' AND tag_name = 'groupid' GROUP BY tag_value);
SELECT COUNT(*) AS total FROM (SELECT tag_value FROM information_schema.ins_tags WHERE db_name = 'p_cs_a' AND stable_name = 'meters' AND tag_name = 'location' GROUP BY tag_value);
-- the super table filter: child tables whose tags match (SELECT TAGS TBNAME), paged in natural order, and counted
SELECT tbname FROM (SELECT TAGS TBNAME FROM p_cs_a.meters) ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(tbname, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(tbname), tbname LIMIT 10 OFFSET 0;
SELECT tbname FROM (SELECT TAGS TBNAME FROM p_cs_a.meters WHERE groupid >= 2) ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(tbname, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(tbname), tbname LIMIT 10 OFFSET 0;
SELECT tbname FROM (SELECT TAGS TBNAME FROM p_cs_a.meters WHERE location LIKE 'California%' OR (groupid IN (1, 11) AND location IS NOT NULL)) ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(tbname, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(tbname), tbname LIMIT 10 OFFSET 0;
SELECT COUNT(*) AS total FROM (SELECT TAGS TBNAME FROM p_cs_a.meters WHERE location LIKE 'California%' OR (groupid IN (1, 11) AND location IS NOT NULL));
SELECT tbname FROM (SELECT TAGS TBNAME FROM p_cs_a.meters WHERE groupid BETWEEN 1 AND 10) ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(tbname, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(tbname), tbname LIMIT 1 OFFSET 1;
SELECT tbname FROM (SELECT TAGS TBNAME FROM p_cs_a.meters WHERE location NOT IN ('Texas', 'O\'Hare') AND groupid != 1) ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(tbname, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(tbname), tbname LIMIT 10 OFFSET 0;
SELECT tbname FROM (SELECT TAGS TBNAME FROM p_cs_a.meters WHERE location IS NULL) ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(tbname, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(tbname), tbname LIMIT 10 OFFSET 0;
SELECT COUNT(*) AS total FROM (SELECT TAGS TBNAME FROM p_cs_a.meters WHERE groupid = 99);
SELECT tbname FROM (SELECT TAGS TBNAME FROM p_cs_a.`Sensors` WHERE info CONTAINS 'k') ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(tbname, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(tbname), tbname LIMIT 10 OFFSET 0;
-- the data preview: newest first in a time range (a custom range as UTC text; a preset is the engine's NOW - n)
SELECT * FROM `p_cs_a`.`d1` WHERE `ts` >= '2024-01-01T00:00:00.000Z' AND `ts` < '2024-01-02T00:00:00.000Z' ORDER BY `ts` DESC;
SELECT * FROM `p_cs_a`.`meters` WHERE `ts` >= '2024-01-01T00:00:00.000Z' AND `ts` < '2024-01-01T00:00:30.000Z' ORDER BY `ts` DESC;
SELECT * FROM `p_cs_a`.`D3` WHERE `ts` >= '2024-01-01T00:00:00.000Z' AND `ts` < '2024-01-02T00:00:00.000Z' ORDER BY `ts` DESC;
SELECT * FROM `p_cs_a`.`logs` WHERE `ts` >= '2024-01-01T00:00:00.000Z' AND `ts` < '2024-01-02T00:00:00.000Z' ORDER BY `ts` DESC;
SELECT * FROM `p_cs_a`.`Sensors` WHERE `ts` >= '2024-01-01T00:00:00.000Z' AND `ts` < '2024-01-02T00:00:00.000Z' ORDER BY `ts` DESC;
SELECT * FROM `p_cs_a`.`Order` WHERE `ts` >= NOW - 7d ORDER BY `ts` DESC;
SELECT * FROM `p_cs_a`.`meters` WHERE `ts` >= NOW - 15m ORDER BY `ts` DESC;
SELECT * FROM `p_cs_a`.`d1` LIMIT 100;
-- the console's paging of a query: the count, then the first page, then a later page (a LIMIT of its own stays the bound)
SELECT COUNT(*) FROM (SELECT * FROM `p_cs_a`.`d1` WHERE `ts` >= '2024-01-01T00:00:00.000Z' AND `ts` < '2024-01-02T00:00:00.000Z' ORDER BY `ts` DESC
);
SELECT * FROM `p_cs_a`.`d1` WHERE `ts` >= '2024-01-01T00:00:00.000Z' AND `ts` < '2024-01-02T00:00:00.000Z' ORDER BY `ts` DESC
LIMIT 1000 OFFSET 0;
SELECT * FROM `p_cs_a`.`d1` WHERE `ts` >= '2024-01-01T00:00:00.000Z' AND `ts` < '2024-01-02T00:00:00.000Z' ORDER BY `ts` DESC
LIMIT 2 OFFSET 2;
SELECT COUNT(*) FROM (SELECT * FROM p_cs_a.meters
);
-- @skip-values
SELECT * FROM p_cs_a.meters
LIMIT 1000 OFFSET 0;
SELECT * FROM p_cs_a.d1
LIMIT 2 OFFSET 1;
SELECT COUNT(*) FROM (SELECT ts, val FROM p_cs_a.d1 ORDER BY ts DESC LIMIT 3
);
SELECT ts, val FROM p_cs_a.d1 ORDER BY ts DESC LIMIT 3 OFFSET 0;
SELECT ts, val FROM p_cs_a.d1 ORDER BY ts DESC LIMIT 2 OFFSET 1;
SELECT COUNT(*) FROM (SELECT ts, val FROM p_cs_a.d1 ORDER BY ts LIMIT 2, 3
);
SELECT ts, val FROM p_cs_a.d1 ORDER BY ts LIMIT 3 OFFSET 2;
SELECT ts, val FROM p_cs_a.d1 ORDER BY ts LIMIT 2 OFFSET 3;
SELECT COUNT(*) FROM (select _wstart, count(*) from p_cs_a.meters interval(20s) -- windows
);
-- @ordered
select _wstart, count(*) from p_cs_a.meters interval(20s) -- windows
LIMIT 1000 OFFSET 0;
-- @ordered
select _wstart, count(*) from p_cs_a.meters interval(20s) -- windows
LIMIT 2 OFFSET 1;
SELECT COUNT(*) FROM (SELECT tbname, count(*) FROM p_cs_a.meters PARTITION BY tbname
);
-- @error
SELECT COUNT(*) FROM (SHOW DATABASES
);
-- @error
SELECT COUNT(*) FROM (INSERT INTO p_cs_a.d1 VALUES ('2024-01-01 00:00:59', 9, 1, 'x', true, 1)
);
-- the query builder
-- @skip-values
SELECT * FROM p_cs_a.meters;
SELECT * FROM p_cs_a.d2;
-- @skip-values
SELECT * FROM p_cs_a.meters LIMIT 3;
-- @ordered
SELECT _wstart, avg(val), max(current) FROM p_cs_a.meters WHERE ts >= '2024-01-01 00:00:00' AND ts < '2024-01-01 00:01:00' INTERVAL(10s);
SELECT _wstart, location, sum(val) FROM p_cs_a.meters WHERE ts >= '2024-01-01 00:00:00' AND ts < '2024-01-01 00:01:00' PARTITION BY location INTERVAL(20s) FILL(VALUE, 0);
SELECT tbname, count(*) FROM p_cs_a.meters PARTITION BY tbname;
SELECT val, note FROM p_cs_a.meters WHERE ts >= '2024-01-01 00:00:00' AND (note LIKE 'a%' OR val BETWEEN 1 AND 20) LIMIT 100;
SELECT val, note FROM p_cs_a.meters WHERE note LIKE 'a\_b%' LIMIT 100;
SELECT derivative(val, 10s, 0) FROM p_cs_a.d1;
SELECT _wstart, groupid, spread(val) FROM p_cs_a.meters WHERE ts >= '2024-01-01 00:00:00' AND ts < '2024-01-01 00:02:00' PARTITION BY groupid INTERVAL(1m) FILL(PREV);
SELECT _wstart, count(*), last(val) FROM p_cs_a.d1 WHERE ts >= '2024-01-01 00:00:00' AND ts < '2024-01-01 00:01:00' INTERVAL(15s) FILL(NULL);
SELECT groupid, avg(current) FROM p_cs_a.meters PARTITION BY groupid;
SELECT ts, val FROM p_cs_a.meters WHERE flag = true AND groupid IN (1, 2) LIMIT 10;
SELECT ts, val FROM p_cs_a.meters WHERE note IS NULL;
SELECT first(ts), last(ts), count(*) FROM p_cs_a.`Order`;
-- @error
SELECT _wstart, avg(val) FROM p_cs_a.meters INTERVAL(10s) FILL(LINEAR);
-- the explorer's "query this table"
SELECT * FROM `p_cs_a`.`logs` LIMIT 100;
SELECT * FROM `p_cs_a`.`Order` LIMIT 100;
-- the console's catalog for completion: super tables, tables (at most 1000), DESCRIBE with back-quoted names
SELECT table_name, stable_name FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' LIMIT 1000;
DESCRIBE `p_cs_a`.`meters`;
DESCRIBE `p_cs_a`.`D3`;
-- @error
DESCRIBE `p_cs_a`.`nope`;
-- @meta-only
SHOW QUERIES;
-- @meta-only
SELECT * FROM performance_schema.perf_queries;
-- views (the community build has none; the list reads ins_views)
SELECT view_name, db_name, effective_user, create_time, query_sql FROM information_schema.ins_views WHERE db_name = 'p_cs_a';
-- the demo loader
CREATE DATABASE IF NOT EXISTS p_cs_demo;
CREATE STABLE IF NOT EXISTS p_cs_demo.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (groupid INT, location BINARY(24));
CREATE STABLE IF NOT EXISTS p_cs_demo.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (groupid INT, location BINARY(24));
CREATE TABLE IF NOT EXISTS p_cs_demo.d0 USING p_cs_demo.meters TAGS (1, 'California.SanFrancisco') p_cs_demo.d1 USING p_cs_demo.meters TAGS (2, 'California.LosAngles') p_cs_demo.d2 USING p_cs_demo.meters TAGS (3, 'California.SanDiego');
INSERT INTO p_cs_demo.d0 VALUES (1500000000000,11.34,227,0.532)(1500000001000,11.82,202,0.026)(1500000002000,9.06,235,0.707) p_cs_demo.d1 VALUES (1500000000000,10.46,212,0.413)(1500000001000,9.69,233,0.664);
SELECT tbname, count(*), sum(voltage) FROM p_cs_demo.meters PARTITION BY tbname;
SELECT `vgroups` FROM information_schema.ins_databases WHERE name = 'p_cs_demo';
-- the replication writer: its super table and a multi-table INSERT with USING, tag and column lists
CREATE STABLE IF NOT EXISTS `p_cs_b`.`rep` (`ts` TIMESTAMP,`temp` DOUBLE,`label` VARCHAR(1024)) TAGS (`site` VARCHAR(1024),`unit` INT);
INSERT INTO `p_cs_b`.`r_1` USING `p_cs_b`.`rep` (`site`,`unit`) TAGS ('north',3) (`ts`,`temp`,`label`) VALUES (1704067200000,21.5,'it\'s')(1704067201000,NULL,'b') `p_cs_b`.`r_2` USING `p_cs_b`.`rep` (`site`,`unit`) TAGS (NULL,4) (`ts`,`temp`,`label`) VALUES (1704067200000,-3,'');
-- @ordered
SELECT tbname, ts, `temp`, label, site, unit FROM `p_cs_b`.`rep` ORDER BY tbname, ts;
SELECT name FROM information_schema.ins_databases WHERE name = 'p_cs_b';
-- the metrics database: created if missing, an older super table gains its columns, written with USING, read by window
CREATE DATABASE IF NOT EXISTS p_cs_m KEEP 3650d;
CREATE STABLE IF NOT EXISTS p_cs_m.metrics (ts TIMESTAMP, span_ms INT, cpu DOUBLE, mem_bytes BIGINT, disk_bytes BIGINT, inserts BIGINT, selects BIGINT, ingress BIGINT, egress BIGINT) TAGS (instance_id VARCHAR(64));
DESCRIBE p_cs_m.metrics;
ALTER STABLE p_cs_m.metrics ADD COLUMN plan_level INT;
ALTER STABLE p_cs_m.metrics ADD COLUMN ha INT;
INSERT INTO p_cs_m.i_a1 USING p_cs_m.metrics TAGS ('a1') VALUES (1704067200000, 60000, 12.5, 1048576, 2048, 10, 20, 300, 400, 1, 0) p_cs_m.i_b_2 USING p_cs_m.metrics TAGS ('b-2') VALUES (1704067200000, 60000, NULL, NULL, NULL, 0, 0, 0, 0, NULL, NULL);
INSERT INTO p_cs_m.i_a1 USING p_cs_m.metrics TAGS ('a1') VALUES (1704067260000, 30000, 50, 2097152, 4096, 5, 15, 100, 200, 1, 1);
-- @ordered
SELECT _wstart, AVG(cpu) FROM p_cs_m.metrics WHERE instance_id = 'a1' AND ts >= 1704067200000 AND ts < 1704067380000 INTERVAL(60s);
-- @ordered
SELECT _wstart, SUM(inserts), SUM(span_ms) FROM p_cs_m.metrics WHERE instance_id = 'a1' AND ts >= 1704067200000 AND ts < 1704067380000 INTERVAL(120s);
-- @ordered
SELECT _wstart, MAX(disk_bytes) FROM p_cs_m.metrics WHERE instance_id = 'b-2' AND ts >= 1704067200000 AND ts < 1704067380000 INTERVAL(60s);
SELECT ts, cpu, mem_bytes, disk_bytes FROM p_cs_m.metrics WHERE instance_id = 'a1' ORDER BY ts DESC LIMIT 1;
SELECT ts, cpu, mem_bytes, disk_bytes FROM p_cs_m.metrics WHERE instance_id = 'zz' ORDER BY ts DESC LIMIT 1;
-- @unordered
SELECT instance_id, ts, span_ms, disk_bytes, ingress, egress, plan_level, ha FROM p_cs_m.metrics WHERE ts >= 1704067200000 AND ts < 1704070800000 ORDER BY ts;
-- topics: a query topic, a super-table topic with a condition, a database topic WITH META; the list; shares
CREATE TOPIC `p_cs_t1` AS SELECT ts, val FROM p_cs_a.meters WHERE groupid = 1;
CREATE TOPIC `p_cs_t2` AS STABLE `p_cs_a`.`meters` WHERE groupid = 2;
CREATE TOPIC `p_cs_t3` WITH META AS DATABASE `p_cs_a`;
-- @error
CREATE TOPIC `p_cs_t1` AS SELECT ts FROM p_cs_a.meters;
-- @error
CREATE TOPIC `p_cs_t4` AS SELECT count(*) FROM p_cs_a.meters;
SELECT topic_name FROM information_schema.ins_topics WHERE topic_name = 'p_cs_t1';
-- @skip-values
SELECT topic_name, db_name, create_time, `sql`, `schema`, `meta`, `type` FROM information_schema.ins_topics WHERE topic_name = 'p_cs_t1';
-- @ordered
SELECT topic_name, db_name, `sql`, `meta`, `type` FROM information_schema.ins_topics WHERE topic_name LIKE 'p\_cs\_t%' ORDER BY topic_name;
SELECT `schema` FROM information_schema.ins_topics WHERE topic_name = 'p_cs_t1';
SELECT `wal_retention_period` FROM information_schema.ins_databases WHERE name = 'p_cs_a';
SELECT `precision` FROM information_schema.ins_databases WHERE name = 'p_cs_a';
SELECT `consumer_group`, `vgroup_id`, `consumer_id`, `offset`, `rows` FROM information_schema.ins_subscriptions WHERE `topic_name` = 'p_cs_t1';
-- @error
SELECT `consumer_id`, `consumer_group`, `client_id`, `user`, `fqdn`, `status`, `up_time`, `subscribe_time`, `parameters` FROM information_schema.ins_consumers WHERE `topics` = 'p_cs_t1';
SELECT `consumer_id`, `consumer_group`, `client_id`, `user`, `fqdn`, `status`, `up_time`, `subscribe_time`, `parameters` FROM performance_schema.perf_consumers WHERE `topics` = 'p_cs_t1';
-- streams: the 3.3.7 list (no stream exists here), and a stream's output read as the Streams screen reads it
SELECT `stream_name`, `db_name`, `create_time`, `sql`, `status` FROM information_schema.ins_streams WHERE stream_name = 'p_cs_none';
SELECT stream_name FROM information_schema.ins_streams WHERE stream_name = 'p_cs_none';
SELECT count(*) FROM `p_cs_a`.`meters`;
SELECT *, tbname FROM `p_cs_a`.`meters` ORDER BY `ts` DESC LIMIT 3;
-- @error
DROP STREAM `p_cs_none`;
-- engine users: the reconcile's statements and reads (a member's user is SYSINFO 0), grants by database and table
CREATE USER p_cs_member PASS 'Mb_pass_2024' SYSINFO 0;
CREATE USER p_cs_reader PASS 'Rd_pass_2024' SYSINFO 0;
SELECT name FROM information_schema.ins_users WHERE name = 'p_cs_reader';
-- @meta-only
SELECT name, `enable`, `createdb` FROM information_schema.ins_users;
-- @ordered
SELECT name, `enable`, `createdb` FROM information_schema.ins_users WHERE name LIKE 'p\_cs%' ORDER BY name;
GRANT READ ON `p_cs_a`.* TO p_cs_member;
GRANT WRITE ON `p_cs_a`.* TO p_cs_member;
GRANT READ ON `p_cs_a`.* TO p_cs_reader;
GRANT READ ON `p_cs_b`.`rep` TO p_cs_reader;
GRANT SUBSCRIBE ON `p_cs_t1` TO p_cs_member;
SELECT `user_name` FROM information_schema.ins_user_privileges WHERE `privilege` = 'subscribe' AND `table_name` = 'p_cs_t1';
-- @ordered
SELECT user_name, privilege, db_name, table_name FROM information_schema.ins_user_privileges WHERE user_name LIKE 'p\_cs%' ORDER BY user_name, privilege, db_name, table_name;
-- @meta-only
SELECT user_name, privilege, db_name, table_name FROM information_schema.ins_user_privileges;
-- @meta-only
SELECT name FROM information_schema.ins_databases;
-- @ordered
SELECT db_name, stable_name FROM information_schema.ins_stables WHERE db_name LIKE 'p\_cs%' ORDER BY db_name, stable_name;
-- @meta-only
SELECT db_name, stable_name FROM information_schema.ins_stables;
ALTER USER p_cs_reader ENABLE 0;
ALTER USER p_cs_reader ENABLE 1;
ALTER USER p_cs_reader CREATEDB 1;
-- @ordered
SELECT name, `enable`, `createdb` FROM information_schema.ins_users WHERE name LIKE 'p\_cs%' ORDER BY name;
REVOKE ALL ON `p_cs_b`.`rep` FROM p_cs_reader;
REVOKE SUBSCRIBE ON `p_cs_t1` FROM p_cs_member;
-- @ordered
SELECT user_name, privilege, db_name, table_name FROM information_schema.ins_user_privileges WHERE user_name LIKE 'p\_cs%' ORDER BY user_name, privilege, db_name, table_name;
-- as the member (a SYSINFO 0 user with READ and WRITE on p_cs_a), the console's reads
-- @user p_cs_member Mb_pass_2024
SELECT name FROM information_schema.ins_databases WHERE name LIKE 'p\_cs%' ORDER BY name;
-- @user p_cs_member Mb_pass_2024
-- @skip-values
SELECT * FROM information_schema.ins_databases WHERE name = 'p_cs_a';
-- @user p_cs_member Mb_pass_2024
-- @error
SHOW CREATE DATABASE p_cs_a;
-- @user p_cs_member Mb_pass_2024
SELECT stable_name, `columns`, `tags` FROM information_schema.ins_stables WHERE db_name = 'p_cs_a' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(stable_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(stable_name), stable_name LIMIT 8 OFFSET 0;
-- @user p_cs_member Mb_pass_2024
SELECT table_name, stable_name, `type`, `columns` FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' AND stable_name = 'meters' ORDER BY REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(table_name, '0', ''), '1', ''), '2', ''), '3', ''), '4', ''), '5', ''), '6', ''), '7', ''), '8', ''), '9', ''), CHAR_LENGTH(table_name), table_name LIMIT 10 OFFSET 0;
-- @user p_cs_member Mb_pass_2024
SELECT tag_name, tag_type, tag_value FROM information_schema.ins_tags WHERE db_name = 'p_cs_a' AND table_name = 'd2';
-- @user p_cs_member Mb_pass_2024
DESCRIBE `p_cs_a`.`meters`;
-- @user p_cs_member Mb_pass_2024
SELECT * FROM `p_cs_a`.`d2` WHERE `ts` >= '2024-01-01T00:00:00.000Z' AND `ts` < '2024-01-02T00:00:00.000Z' ORDER BY `ts` DESC;
-- @user p_cs_member Mb_pass_2024
SELECT COUNT(*) FROM (SELECT tbname FROM (SELECT TAGS TBNAME FROM p_cs_a.meters WHERE groupid >= 2)
);
-- @user p_cs_member Mb_pass_2024
INSERT INTO p_cs_a.d2 (`ts`,`val`) VALUES ('2024-01-01 00:00:45', 21);
-- @user p_cs_member Mb_pass_2024
SELECT topic_name, db_name, `sql`, `meta`, `type` FROM information_schema.ins_topics WHERE topic_name = 'p_cs_t2';
-- @user p_cs_member Mb_pass_2024
-- @error
SELECT wal, data1, data2, data3, cache_rdb, table_meta, s3, raw_data FROM information_schema.ins_disk_usage WHERE db_name = 'p_cs_a';
-- @user p_cs_member Mb_pass_2024
-- @meta-only
SHOW DATABASES;
-- dropping what the screens drop
DROP TOPIC `p_cs_t1`;
DROP TOPIC FORCE `p_cs_t2`;
-- @error
DROP TOPIC `p_cs_t1`;
DROP STABLE p_cs_a.scratch;
DROP TABLE p_cs_a.`D3`;
DROP TABLE p_cs_a.`Order`;
-- @error
DROP TABLE p_cs_a.`Order`;
SELECT `type`, count(*) AS n FROM information_schema.ins_tables WHERE db_name = 'p_cs_a' GROUP BY `type`;
DROP USER p_cs_reader;
DROP USER p_cs_member;
SELECT name FROM information_schema.ins_users WHERE name = 'p_cs_reader';
-- @ignore
DROP TOPIC `p_cs_t3`;
DROP DATABASE p_cs_demo;
DROP DATABASE p_cs_m;
DROP DATABASE p_cs_b;
DROP DATABASE p_cs_a;
SELECT name FROM information_schema.ins_databases WHERE name LIKE 'p\_cs%';
