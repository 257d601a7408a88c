-- more INSERT forms (column lists, USING with tag lists, several tables at once, epoch and string timestamps,
-- INSERT into a super table), tag values and tag filters, TTL and COMMENT options of CREATE TABLE
-- @ignore
drop database if exists p_it;
create database p_it vgroups 1;
create stable p_it.st (ts timestamp, i int, d double, s varchar(12), b bool) tags (city varchar(12), zone int, ok bool, w double) comment 'weather stations';
create table p_it.a1 using p_it.st tags ('beijing', 1, true, 0.5) p_it.a2 using p_it.st tags ('shanghai', 2, false, 1.5);
create table if not exists p_it.a3 using p_it.st (city, zone) tags ('beijing', 3) ttl 7 comment 'third';
create table if not exists p_it.a1 using p_it.st tags ('other', 9, false, 9.5);
create table p_it.n (ts timestamp, v int, t varchar(6)) ttl 100 comment 'a normal table';
-- @error
create table p_it.bad1 using p_it.st tags ('x', 'not a number', true, 1.0);
-- @error
create table p_it.bad2 using p_it.st tags ('x', 1);
-- @error
create table p_it.bad3 using p_it.st (city, nosuch) tags ('x', 1);
-- @error
create table p_it.bad4 using p_it.st tags ('a city name too long', 1, true, 1.0);
-- @error
create table p_it.bad5 (ts timestamp, v int) ttl -1;
-- @error
create table p_it.bad6 (ts timestamp, v int) comment 123;
-- @ordered
select table_name, `ttl`, table_comment from information_schema.ins_tables where db_name = 'p_it' order by table_name;
-- INSERT forms
insert into p_it.a1 values ('2024-07-01 00:00:00.000', 1, 1.5, 'one', true);
insert into p_it.a1 (ts, i) values ('2024-07-01 00:00:10.000', 2);
insert into p_it.a1 (ts, s, i) values ('2024-07-01 00:00:20.000', 'three', 3) ('2024-07-01 00:00:30.000', 'four', 4);
insert into p_it.a1 values (1719792040000, 5, 5.5, 'epoch', false);
insert into p_it.a1 values ('2024-07-01T00:00:50.000Z', 6, 6.5, 'iso', true);
insert into p_it.a1 values ('2024-07-01 08:01:00.000+08:00', 7, 7.5, 'zone', true);
insert into p_it.a2 values ('2024-07-01 00:00:05.000', 10, 10.5, 'x', false) p_it.a3 values ('2024-07-01 00:00:15.000', 30, 30.5, 'y', true);
insert into p_it.a2 (ts, i) values ('2024-07-01 00:00:25.000', 11) p_it.n values ('2024-07-01 00:00:00.000', 100, 'n1');
insert into p_it.a4 using p_it.st tags ('guangzhou', 4, true, 4.5) values ('2024-07-01 00:00:00.000', 40, 40.5, 'auto', false);
insert into p_it.a5 using p_it.st (city, zone) tags ('shenzhen', 5) (ts, i) values ('2024-07-01 00:00:00.000', 50);
insert into p_it.a1 using p_it.st tags ('ignored', 99, false, 9.9) values ('2024-07-01 00:01:10.000', 8, 8.5, 'exists', true);
insert into p_it.st (tbname, city, zone, ok, w, ts, i, d, s, b) values ('a6', 'hangzhou', 6, true, 6.5, '2024-07-01 00:00:00.000', 60, 60.5, 'stb', true) ('a6', 'hangzhou', 6, true, 6.5, '2024-07-01 00:00:10.000', 61, 61.5, 'stb2', false);
insert into p_it.st (tbname, ts, i) values ('a2', '2024-07-01 00:00:35.000', 12);
insert into p_it.a1 values ('2024-07-01 00:00:00.000', 101, 101.5, 'update', false);
insert into p_it.a1 values ('2024-07-01 00:00:40.000', null, null, null, null);
insert into p_it.a2 values ('2024-07-01 00:00:45.000', 13, 13.5, 'x', true) ('2024-07-01 00:00:40.000', 14, 14.5, 'x', true) ('2024-07-01 00:00:45.000', 15, 15.5, 'dup', false);
insert into p_it.n select ts, i, s from p_it.a1 where i < 5;
insert into p_it.n (ts, v) select ts + 1h, i * 10 from p_it.a2;
-- @error
insert into p_it.nosuch values ('2024-07-01 00:00:00.000', 1);
-- @error
insert into p_it.a1 values ('2024-07-01 00:00:00.000', 1, 1.5);
-- @error
insert into p_it.a1 (ts, nosuch) values ('2024-07-01 00:00:00.000', 1);
-- @error
insert into p_it.a1 (i, d) values (1, 2.5);
-- @error
insert into p_it.a1 values ('not a time', 1, 1.5, 'x', true);
-- @error
insert into p_it.a1 values ('2024-07-01 00:00:00.000', 'abc', 1.5, 'x', true);
-- @error
insert into p_it.a1 values ('2024-07-01 00:00:00.000', 1, 1.5, 'a string too long', true);
-- @error
insert into p_it.st values ('2024-07-01 00:00:00.000', 1, 1.5, 'x', true);
-- @error
insert into p_it.st (tbname, ts, i) values ('a_new_one', '2024-07-01 00:00:00.000', 1);
-- @error
insert into p_it.a7 using p_it.nosuch tags (1) values ('2024-07-01 00:00:00.000', 1);
-- @error
insert into p_it.n values ('2024-07-01 00:00:00.000', 1, 'toolong');
-- @error
insert into p_it.n (ts, v) values ('2024-07-01 00:00:00.000', 1) ('2024-07-01 00:00:01.000');
-- what was written
-- @ordered
select ts, i, d, s, b from p_it.a1 order by ts;
-- @ordered
select ts, i, s from p_it.a2 order by ts;
-- @ordered
select tbname, ts, i from p_it.st where tbname in ('a3', 'a4', 'a5', 'a6') order by tbname, ts;
-- @ordered
select ts, v, t from p_it.n order by ts;
-- @ordered
select tbname, count(*) from p_it.st partition by tbname order by tbname;
-- @ordered
select tbname, city, zone, ok, w from p_it.st partition by tbname, city, zone, ok, w order by tbname;
-- tag filters
-- @ordered
select distinct tbname from p_it.st where city = 'beijing' order by tbname;
-- @ordered
select distinct tbname from p_it.st where zone in (1, 2, 5) order by tbname;
-- @ordered
select distinct tbname from p_it.st where zone between 2 and 4 order by tbname;
-- @ordered
select distinct tbname from p_it.st where city like '%zhou' order by tbname;
-- @ordered
select distinct tbname from p_it.st where ok is null order by tbname;
-- @ordered
select distinct tbname from p_it.st where ok = true and zone > 1 order by tbname;
-- @ordered
select distinct tbname from p_it.st where w is not null and w > 1 order by tbname;
-- @ordered
select distinct tbname from p_it.st where city <> 'beijing' or zone = 1 order by tbname;
-- @ordered
select distinct tbname from p_it.st where zone % 2 = 0 order by tbname;
-- @ordered
select distinct tbname from p_it.st where upper(city) = 'SHANGHAI' order by tbname;
-- @ordered
select distinct tbname from p_it.st where length(city) > 8 order by tbname;
-- @ordered
select distinct tbname from p_it.st where tbname in ('a1', 'a6', 'zz') order by tbname;
-- @ordered
select distinct tbname from p_it.st where tbname like 'a_' and zone < 3 order by tbname;
-- @ordered
select tbname, ts, i from p_it.st where city = 'beijing' and i > 2 order by tbname, ts;
-- @ordered
select tbname, ts, i from p_it.st where zone = 2 or i >= 60 order by tbname, ts;
-- @ordered
select city, count(*), sum(i) from p_it.st group by city order by city;
-- @ordered
select zone, max(i) from p_it.st where ok = true group by zone order by zone;
-- @ordered
select tbname, city from p_it.st where zone = 3 limit 1;
-- @ordered
select table_name, tag_value from information_schema.ins_tags where db_name = 'p_it' and tag_name = 'city' order by table_name;
-- tag changes
alter table p_it.a5 set tag ok = false;
alter table p_it.a5 set tag w = 5.5;
alter table p_it.a3 set tag city = 'tianjin';
-- @error
alter table p_it.a3 set tag zone = 'x';
-- @error
alter table p_it.a3 set tag nosuch = 1;
-- @error
alter table p_it.n set tag zone = 1;
-- @ordered
select distinct tbname, city, ok, w from p_it.st where tbname in ('a3', 'a5') order by tbname;
-- @ordered
select distinct tbname from p_it.st where city = 'beijing' order by tbname;
-- TTL and COMMENT changes
alter table p_it.n ttl 0;
alter table p_it.a2 ttl 365;
alter table p_it.a2 comment 'second';
alter table p_it.a3 comment '';
-- @ordered
select table_name, `ttl`, table_comment from information_schema.ins_tables where db_name = 'p_it' order by table_name;
show create table p_it.a2;
show create table p_it.a3;
show create table p_it.n;
show create stable p_it.st;
drop database p_it;
