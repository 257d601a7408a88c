-- statements run as non-root users (-- @user): READ / WRITE grants on one database and what they allow, SHOW and
-- information_schema visibility, DDL and user management, a tag-condition grant, ALTER USER of oneself.
-- Recorded fact: the community build of TDengine 3.3.7.5 does not check grants (its privilege checks are the
-- enterprise edition's; every user gets superAuth), so most statements a grant would refuse succeed there; what it
-- does refuse is SYSINFO 0 access to system tables and some user management. Statements that would destroy what
-- later statements need run on throwaway objects (p_nr_d, p_nr_victim).
-- @ignore
drop database if exists p_nr_a;
-- @ignore
drop database if exists p_nr_b;
-- @ignore
drop database if exists p_nr_c;
-- @ignore
drop database if exists p_nr_d;
-- @ignore
drop database if exists p_nr_none_db;
-- @ignore
drop user p_nr_x;
-- @ignore
drop user p_nr_victim;
-- @ignore
drop user p_nr_rw;
-- @ignore
drop user p_nr_ro;
-- @ignore
drop user p_nr_none;
-- @ignore
drop user p_nr_tag;
-- @ignore
drop user p_nr_self;
create database p_nr_a vgroups 1;
create database p_nr_b vgroups 1;
create database p_nr_d vgroups 1;
create stable p_nr_a.meters (ts timestamp, v int, s varchar(16)) tags (site varchar(8), zone int);
create table p_nr_a.m1 using p_nr_a.meters tags ('north', 1);
create table p_nr_a.m2 using p_nr_a.meters tags ('south', 2);
create table p_nr_a.plain (ts timestamp, x double);
create table p_nr_a.scratch (ts timestamp, x int);
insert into p_nr_a.scratch values ('2024-05-01 00:00:00.000', 1);
insert into p_nr_a.m1 values ('2024-05-01 00:00:00.000', 1, 'a') ('2024-05-01 00:01:00.000', 2, 'b');
insert into p_nr_a.m2 values ('2024-05-01 00:00:00.000', 10, 'c') ('2024-05-01 00:02:00.000', 20, 'd');
insert into p_nr_a.plain values ('2024-05-01 00:00:00.000', 1.5);
create table p_nr_b.secret (ts timestamp, x int);
insert into p_nr_b.secret values ('2024-05-01 00:00:00.000', 42);
create user p_nr_rw pass 'Rw_pass_2024';
create user p_nr_ro pass 'Ro_pass_2024' sysinfo 0;
create user p_nr_none pass 'No_pass_2024';
create user p_nr_tag pass 'Tg_pass_2024';
create user p_nr_self pass 'Sf_pass_2024';
create user p_nr_victim pass 'Vc_pass_2024';
grant read on p_nr_a.* to p_nr_rw;
grant write on p_nr_a.* to p_nr_rw;
grant read on p_nr_a.* to p_nr_ro;
grant read on p_nr_a.meters with zone = 1 to p_nr_tag;
-- @ordered
select user_name, privilege, db_name, table_name, condition from information_schema.ins_user_privileges where user_name like 'p_nr%' order by user_name, privilege, db_name, table_name;
-- @ordered
select `name`, `super`, `enable`, `sysinfo`, `createdb` from information_schema.ins_users where name like 'p_nr%' order by name;
-- the read-write user: reads and writes p_nr_a
-- @user p_nr_rw Rw_pass_2024
select count(*) from p_nr_a.meters;
-- @user p_nr_rw Rw_pass_2024
select ts, v, s from p_nr_a.m1 order by ts;
-- @user p_nr_rw Rw_pass_2024
select tbname, site, zone, v from p_nr_a.meters order by tbname, ts;
-- @user p_nr_rw Rw_pass_2024
select ts, x from p_nr_a.plain;
-- @user p_nr_rw Rw_pass_2024
select site, sum(v) from p_nr_a.meters group by site order by site;
-- @user p_nr_rw Rw_pass_2024
select _wstart, count(*) from p_nr_a.meters interval(1m) order by _wstart;
-- @user p_nr_rw Rw_pass_2024
insert into p_nr_a.m1 values ('2024-05-01 00:02:00.000', 3, 'rw');
-- @user p_nr_rw Rw_pass_2024
insert into p_nr_a.plain values ('2024-05-01 00:01:00.000', 2.5) ('2024-05-01 00:02:00.000', 3.5);
-- @user p_nr_rw Rw_pass_2024
insert into p_nr_a.m1 (ts, v) values ('2024-05-01 00:03:00.000', 4);
-- @user p_nr_rw Rw_pass_2024
insert into p_nr_a.m3 using p_nr_a.meters tags ('east', 3) values ('2024-05-01 00:00:00.000', 100, 'auto');
-- @user p_nr_rw Rw_pass_2024
insert into p_nr_a.meters (tbname, site, zone, ts, v, s) values ('m4', 'west', 4, '2024-05-01 00:00:00.000', 200, 'stb');
-- @user p_nr_rw Rw_pass_2024
select count(*) from p_nr_a.meters;
-- @user p_nr_rw Rw_pass_2024
select tbname, count(*) from p_nr_a.meters partition by tbname order by tbname;
-- @user p_nr_rw Rw_pass_2024
select count(*) from p_nr_a.plain;
-- @user p_nr_rw Rw_pass_2024
delete from p_nr_a.plain where ts = '2024-05-01 00:02:00.000';
-- @user p_nr_rw Rw_pass_2024
select ts, x from p_nr_a.plain order by ts;
-- @user p_nr_rw Rw_pass_2024
-- @error
select * from p_nr_b.secret;
-- @user p_nr_rw Rw_pass_2024
-- @error
select count(*) from p_nr_b.secret;
-- @user p_nr_rw Rw_pass_2024
-- @error
insert into p_nr_b.secret values ('2024-05-01 00:01:00.000', 43);
-- @user p_nr_rw Rw_pass_2024
-- @error
delete from p_nr_b.secret;
-- @user p_nr_rw Rw_pass_2024
-- @error
select a.ts, a.x, b.x from p_nr_a.plain a, p_nr_b.secret b where a.ts = b.ts;
-- @user p_nr_rw Rw_pass_2024
-- @error
insert into p_nr_a.plain select ts, x from p_nr_b.secret;
-- DDL the grants do not give
-- @user p_nr_rw Rw_pass_2024
-- @error
create database p_nr_c;
-- @user p_nr_rw Rw_pass_2024
-- @error
drop database p_nr_d;
-- @user p_nr_rw Rw_pass_2024
drop database p_nr_c;
-- @user p_nr_rw Rw_pass_2024
-- @error
alter database p_nr_a keep 3650;
-- @user p_nr_rw Rw_pass_2024
create table p_nr_a.rw_made (ts timestamp, x int);
-- @user p_nr_rw Rw_pass_2024
-- @error
create table p_nr_b.rw_made (ts timestamp, x int);
-- @user p_nr_rw Rw_pass_2024
alter table p_nr_a.plain add column y int;
-- @user p_nr_rw Rw_pass_2024
-- @error
alter table p_nr_b.secret add column y int;
-- @user p_nr_rw Rw_pass_2024
alter stable p_nr_a.meters add tag extra int;
-- @user p_nr_rw Rw_pass_2024
drop table p_nr_a.rw_made;
-- @user p_nr_rw Rw_pass_2024
-- @error
drop table p_nr_b.secret;
-- @user p_nr_rw Rw_pass_2024
-- @error
create user p_nr_x pass 'Abc_12345';
-- @user p_nr_rw Rw_pass_2024
-- @error
drop user p_nr_ro;
-- @user p_nr_rw Rw_pass_2024
-- @error
alter user p_nr_victim enable 0;
-- @user p_nr_rw Rw_pass_2024
-- @error
alter user p_nr_victim pass 'Other_pass_1';
-- @user p_nr_rw Rw_pass_2024
-- @error
grant read on p_nr_b.* to p_nr_rw;
-- @user p_nr_rw Rw_pass_2024
-- @error
grant read on p_nr_a.* to p_nr_none;
-- @user p_nr_rw Rw_pass_2024
-- @error
revoke read on p_nr_a.* from p_nr_ro;
-- SHOW and information_schema as the read-write user
-- @user p_nr_rw Rw_pass_2024
-- @ordered
select name from information_schema.ins_databases where name like 'p_nr%' order by name;
-- @user p_nr_rw Rw_pass_2024
-- @ordered
select table_name, db_name, stable_name from information_schema.ins_tables where db_name like 'p_nr%' order by db_name, table_name;
-- @user p_nr_rw Rw_pass_2024
select stable_name, db_name, `columns`, `tags` from information_schema.ins_stables where db_name like 'p_nr%';
-- @user p_nr_rw Rw_pass_2024
-- @ordered
select table_name, tag_name, tag_value from information_schema.ins_tags where db_name like 'p_nr%' order by table_name, tag_name;
-- @user p_nr_rw Rw_pass_2024
-- @ordered
select table_name, col_name, col_type from information_schema.ins_columns where db_name like 'p_nr%' order by table_name, col_name;
-- @user p_nr_rw Rw_pass_2024
show p_nr_a.tables;
-- @user p_nr_rw Rw_pass_2024
show p_nr_a.stables;
-- @user p_nr_rw Rw_pass_2024
-- @error
show p_nr_b.tables;
-- @user p_nr_rw Rw_pass_2024
describe p_nr_a.plain;
-- @user p_nr_rw Rw_pass_2024
describe p_nr_a.meters;
-- @user p_nr_rw Rw_pass_2024
-- @error
describe p_nr_b.secret;
-- @user p_nr_rw Rw_pass_2024
show create table p_nr_a.plain;
-- @user p_nr_rw Rw_pass_2024
-- @error
show create table p_nr_b.secret;
-- @user p_nr_rw Rw_pass_2024
show tags from p_nr_a.m1;
-- @user p_nr_rw Rw_pass_2024
-- @meta-only
show databases;
-- @user p_nr_rw Rw_pass_2024
-- @meta-only
show users;
-- @user p_nr_rw Rw_pass_2024
-- @meta-only
show dnodes;
-- @user p_nr_rw Rw_pass_2024
select server_version();
-- @user p_nr_rw Rw_pass_2024
select database();
-- the read-only user (sysinfo 0)
-- @user p_nr_ro Ro_pass_2024
select count(*) from p_nr_a.meters;
-- @user p_nr_ro Ro_pass_2024
select tbname, site from p_nr_a.meters where v >= 100 order by tbname;
-- @user p_nr_ro Ro_pass_2024
-- @error
insert into p_nr_a.m1 values ('2024-05-01 00:09:00.000', 9, 'ro');
-- @user p_nr_ro Ro_pass_2024
-- @error
insert into p_nr_a.m9 using p_nr_a.meters tags ('ro', 9, 9) values ('2024-05-01 00:00:00.000', 9, 'ro');
-- @user p_nr_ro Ro_pass_2024
-- @error
delete from p_nr_a.scratch;
-- @user p_nr_ro Ro_pass_2024
-- @error
create table p_nr_a.ro_made (ts timestamp, x int);
-- @user p_nr_ro Ro_pass_2024
-- @error
drop table p_nr_a.scratch;
-- @user p_nr_ro Ro_pass_2024
-- @error
select * from p_nr_b.secret;
-- @user p_nr_ro Ro_pass_2024
-- @ordered
select name from information_schema.ins_databases where name like 'p_nr%' order by name;
-- @user p_nr_ro Ro_pass_2024
-- @ordered
select table_name from information_schema.ins_tables where db_name like 'p_nr%' order by table_name;
-- @user p_nr_ro Ro_pass_2024
-- @error
select * from information_schema.ins_dnodes;
-- @user p_nr_ro Ro_pass_2024
-- @error
show dnodes;
-- @user p_nr_ro Ro_pass_2024
-- @error
show mnodes;
-- @user p_nr_ro Ro_pass_2024
-- @error
select * from information_schema.ins_vgroups;
-- @user p_nr_ro Ro_pass_2024
-- @ordered
select name, `sysinfo` from information_schema.ins_users where name like 'p_nr%' order by name;
-- @user p_nr_ro Ro_pass_2024
-- @meta-only
show users;
-- @user p_nr_ro Ro_pass_2024
select server_version();
-- the user without grants
-- @user p_nr_none No_pass_2024
-- @error
select count(*) from p_nr_a.meters;
-- @user p_nr_none No_pass_2024
-- @error
insert into p_nr_a.plain values ('2024-05-01 00:09:00.000', 9.5);
-- @user p_nr_none No_pass_2024
-- @ordered
select name from information_schema.ins_databases where name like 'p_nr%' order by name;
-- @user p_nr_none No_pass_2024
select count(*) from information_schema.ins_tables where db_name like 'p_nr%';
-- @user p_nr_none No_pass_2024
-- @error
show p_nr_a.tables;
-- @user p_nr_none No_pass_2024
-- @error
describe p_nr_a.plain;
-- @user p_nr_none No_pass_2024
select 1 + 1;
-- @user p_nr_none No_pass_2024
-- @error
create database p_nr_none_db;
-- a grant limited by a tag condition
-- @user p_nr_tag Tg_pass_2024
-- @ordered
select tbname, ts, v from p_nr_a.meters order by tbname, ts;
-- @user p_nr_tag Tg_pass_2024
select count(*) from p_nr_a.meters;
-- @user p_nr_tag Tg_pass_2024
-- @error
select * from p_nr_a.plain;
-- @user p_nr_tag Tg_pass_2024
-- @error
insert into p_nr_a.m1 values ('2024-05-01 00:09:00.000', 9, 'tag');
-- the read-write user changes its own options
-- @user p_nr_rw Rw_pass_2024
-- @error
alter user p_nr_rw createdb 1;
-- @user p_nr_rw Rw_pass_2024
-- @error
alter user p_nr_rw sysinfo 0;
-- wrong password and unknown user
-- @user p_nr_rw Wrong_pass_1
-- @error
select 1;
-- @user p_nr_nosuch Abc_12345x
-- @error
select 1;
-- a user changes its own password; afterwards only the new one is taken
-- @user p_nr_self Sf_pass_2024
select 2;
-- @user p_nr_self Sf_pass_2024
-- @error
alter user p_nr_self pass 'short';
-- @user p_nr_self Sf_pass_2024
alter user p_nr_self pass 'Sf_pass_2025';
-- @user p_nr_self Sf_pass_2025
select 3;
-- @user p_nr_self Sf_pass_2025
-- @error
alter user p_nr_self enable 0;
-- @user p_nr_self Sf_pass_2025
-- @error
alter user p_nr_self sysinfo 0;
-- root takes a grant back
revoke write on p_nr_a.* from p_nr_rw;
-- @ordered
select user_name, privilege, db_name from information_schema.ins_user_privileges where user_name like 'p_nr%' order by user_name, privilege;
alter user p_nr_none enable 0;
select `name`, `enable` from information_schema.ins_users where name = 'p_nr_none';
-- @user p_nr_none No_pass_2024
-- @error
select 1;
-- root sees what the users wrote
-- @ordered
select tbname, ts, v, s from p_nr_a.meters order by tbname, ts;
-- @ordered
select ts, x, y from p_nr_a.plain order by ts;
drop user p_nr_rw;
drop user p_nr_ro;
drop user p_nr_none;
drop user p_nr_tag;
drop user p_nr_self;
drop user p_nr_victim;
-- @ignore
drop user p_nr_x;
select count(*) from information_schema.ins_users where name like 'p_nr%';
-- @ignore
drop database if exists p_nr_a;
-- @ignore
drop database if exists p_nr_b;
-- @ignore
drop database if exists p_nr_c;
-- @ignore
drop database if exists p_nr_d;
-- @ignore
drop database if exists p_nr_none_db;
