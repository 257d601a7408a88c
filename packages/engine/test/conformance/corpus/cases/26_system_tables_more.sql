-- more system tables: ins_tables (ttl, comment, type), ins_stables, ins_tags, ins_columns, ins_indexes,
-- SHOW CREATE DATABASE / TABLE / STABLE, SHOW ... LIKE, SHOW TAGS, indexes on tags
-- @ignore
drop database if exists p_sx;
-- @ignore
drop database if exists p_sx2;
create database p_sx vgroups 1 keep 3650 duration 10 precision 'ms';
create database p_sx2 vgroups 1 precision 'us';
create stable p_sx.st (ts timestamp, a int, b double, c varchar(20), d nchar(4), e bool) tags (t1 int, t2 varchar(10), t3 nchar(3), t4 double) comment 'stable comment';
create stable p_sx.sj (ts timestamp, v int) tags (j json);
create stable p_sx2.su (ts timestamp, v bigint unsigned, g varbinary(8)) tags (k tinyint unsigned);
create table p_sx.c1 using p_sx.st tags (1, 'one', '一', 1.5) ttl 10 comment 'child one';
create table p_sx.c2 using p_sx.st (t1, t2) tags (2, 'two');
create table p_sx.c3 using p_sx.st tags (3, null, null, null) ttl 0;
create table p_sx.j1 using p_sx.sj tags ('{"k": "v", "n": 1}');
create table p_sx.j2 using p_sx.sj tags ('{"k": "w"}');
create table p_sx.n1 (ts timestamp, x smallint, y float, z varbinary(16), g geometry(64)) ttl 30 comment 'normal one';
create table p_sx.n2 (ts timestamp, x int);
create table p_sx2.u1 using p_sx2.su tags (7);
-- ins_tables
-- @ordered
select table_name, db_name, `columns`, stable_name, `ttl`, table_comment, `type` from information_schema.ins_tables where db_name = 'p_sx' order by table_name;
-- @ordered
select table_name, type from information_schema.ins_tables where db_name like 'p_sx%' and type = 'NORMAL_TABLE' order by table_name;
-- @ordered
select table_name from information_schema.ins_tables where db_name = 'p_sx' and stable_name = 'st' order by table_name;
select count(*) from information_schema.ins_tables where db_name like 'p_sx%';
-- @ordered
select db_name, type, count(*) from information_schema.ins_tables where db_name like 'p_sx%' group by db_name, type order by db_name, type;
-- @ordered
select table_name, `ttl` from information_schema.ins_tables where db_name = 'p_sx' and `ttl` > 0 order by `ttl`;
-- @ordered
select table_name from information_schema.ins_tables where db_name = 'p_sx' and table_comment is not null order by table_name;
-- @ordered
select table_name, vgroup_id > 0 from information_schema.ins_tables where db_name = 'p_sx2' order by table_name;
-- ins_stables
-- @ordered
select stable_name, db_name, `columns`, `tags`, table_comment from information_schema.ins_stables where db_name like 'p_sx%' order by db_name, stable_name;
-- @ordered
select stable_name, `tags` from information_schema.ins_stables where db_name = 'p_sx' and `tags` > 1 order by stable_name;
-- ins_tags
-- @ordered
select table_name, stable_name, tag_name, tag_type, tag_value from information_schema.ins_tags where db_name = 'p_sx' and stable_name = 'st' order by table_name, tag_name;
-- @ordered
select table_name, tag_name, tag_type, tag_value from information_schema.ins_tags where db_name = 'p_sx' and stable_name = 'sj' order by table_name;
-- @ordered
select table_name, tag_type, tag_value from information_schema.ins_tags where db_name = 'p_sx2' order by table_name;
-- @ordered
select table_name, tag_value from information_schema.ins_tags where db_name = 'p_sx' and tag_name = 't2' order by table_name;
select count(*) from information_schema.ins_tags where db_name = 'p_sx' and tag_value is null;
-- ins_columns
-- @ordered
select table_name, col_name, col_type, col_length, col_precision, col_scale, col_nullable from information_schema.ins_columns where db_name = 'p_sx' and table_name = 'n1' order by col_name;
-- @ordered
select table_name, table_type, col_name, col_type, col_length from information_schema.ins_columns where db_name = 'p_sx' and table_name in ('st', 'sj') order by table_name, col_name;
-- @ordered
select col_name, col_type, col_length from information_schema.ins_columns where db_name = 'p_sx2' and table_name = 'su' order by col_name;
-- @ordered
select table_name, count(*) from information_schema.ins_columns where db_name = 'p_sx' group by table_name order by table_name;
-- @ordered
select distinct table_type from information_schema.ins_columns where db_name = 'p_sx' order by table_type;
-- indexes on tags
create index p_idx_t2 on p_sx.st (t2);
-- @error
create index p_idx_t2 on p_sx.st (t3);
-- @error
create index p_idx_bad on p_sx.st (a);
-- @error
create index p_idx_bad on p_sx.nosuch (t2);
-- @error
create index p_idx_bad on p_sx.st (nosuch);
-- @error
create index p_idx_bad on p_sx.n1 (x);
create index p_idx_t4 on p_sx.st (t4);
-- @ordered
select index_name, db_name, table_name, index_type from information_schema.ins_indexes where db_name = 'p_sx' and index_name like 'p_idx%' order by index_name;
-- @ordered
select db_name, table_name, index_type from information_schema.ins_indexes where db_name = 'p_sx' order by table_name, index_type;
select count(*) from information_schema.ins_indexes where db_name = 'p_sx';
-- @meta-only
show indexes from st from p_sx;
-- @meta-only
show indexes from p_sx.st;
-- @meta-only
select * from information_schema.ins_indexes;
select count(*) from p_sx.st where t2 = 'one';
drop index p_sx.p_idx_t2;
-- @error
drop index p_sx.p_idx_t2;
-- @error
drop index p_sx.p_idx_nosuch;
select count(*) from information_schema.ins_indexes where db_name = 'p_sx' and index_name like 'p_idx%';
-- SHOW CREATE
show create database p_sx;
show create database p_sx2;
show create stable p_sx.st;
show create stable p_sx.sj;
show create table p_sx.c1;
show create table p_sx.c2;
show create table p_sx.c3;
show create table p_sx.j1;
show create table p_sx.n1;
show create table p_sx.n2;
show create table p_sx2.u1;
-- @error
show create table p_sx.nosuch;
-- @error
show create database p_nosuchdb;
-- @error
show create stable p_sx.n1;
-- SHOW ... LIKE, SHOW TAGS
show p_sx.tables like 'c_';
show p_sx.tables like '%1';
show p_sx.tables like 'n%';
show p_sx.stables like 's_';
show p_sx.stables like 'x%';
show p_sx2.tables;
show tags from p_sx.c1;
show tags from p_sx.c3;
show tags from p_sx.j1;
show tags from p_sx2.u1;
show table tags from p_sx.c2;
show table tags t1, t4 from p_sx.c1;
-- @error
show tags from p_sx.n1;
-- @error
show tags from p_sx.nosuch;
-- DESCRIBE
describe p_sx.sj;
describe p_sx.j1;
describe p_sx.n2;
describe p_sx2.su;
describe p_sx2.u1;
-- @error
describe p_sx.nosuch;
-- changes show up
alter table p_sx.c1 set tag t2 = 'uno';
alter table p_sx.c1 ttl 20;
alter table p_sx.c1 comment 'changed';
alter stable p_sx.st comment 'stable changed';
alter table p_sx.n2 comment 'now commented';
alter table p_sx.n2 add column w double;
-- @ordered
select table_name, `ttl`, table_comment from information_schema.ins_tables where db_name = 'p_sx' and table_name in ('c1', 'n2') order by table_name;
select stable_name, table_comment from information_schema.ins_stables where db_name = 'p_sx' and stable_name = 'st';
select tag_value from information_schema.ins_tags where db_name = 'p_sx' and table_name = 'c1' and tag_name = 't2';
-- @ordered
select col_name, col_type from information_schema.ins_columns where db_name = 'p_sx' and table_name = 'n2' order by col_name;
show create table p_sx.c1;
show create table p_sx.n2;
drop table p_sx.c3;
drop stable p_sx.sj;
select count(*) from information_schema.ins_tables where db_name = 'p_sx';
select count(*) from information_schema.ins_stables where db_name = 'p_sx';
select count(*) from information_schema.ins_tags where db_name = 'p_sx';
drop database p_sx;
drop database p_sx2;
select count(*) from information_schema.ins_tables where db_name like 'p_sx%';
