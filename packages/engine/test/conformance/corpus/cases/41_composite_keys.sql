-- a composite key (the second column declared PRIMARY KEY): rows of one timestamp with different keys, their order,
-- replacement of a (timestamp, key), FIRST/LAST/LAST_ROW, and the time-series functions over keys that share a
-- timestamp: DIFF and DERIVATIVE read the first key's row, CSUM/MAVG/STATECOUNT/STATEDURATION refuse (10245)
-- @ignore
drop database if exists p_ck;
create database p_ck vgroups 1;
create table p_ck.t (ts timestamp, k int primary key, v int, f double);
insert into p_ck.t values ('2024-01-01 00:00:00', 1, 10, 1.5) ('2024-01-01 00:00:00', 2, 20, 2.5) ('2024-01-01 00:00:01', 1, 5, 3.5) ('2024-01-01 00:00:02', 3, 7, 4.5) ('2024-01-01 00:00:02', 1, 30, 5.5) ('2024-01-01 00:00:03', 2, null, 6.5);
select * from p_ck.t;
select ts, k, v from p_ck.t order by ts desc;
select count(*), count(v), sum(v) from p_ck.t;
select first(v), last(v), last_row(v) from p_ck.t;
select first(*), last(*) from p_ck.t;
select csum(v) from p_ck.t;
select mavg(v, 2) from p_ck.t;
select statecount(v, 'GT', 6) from p_ck.t;
select stateduration(v, 'GT', 6) from p_ck.t;
select diff(v) from p_ck.t;
select ts, k, diff(v) from p_ck.t;
select diff(v, 1) from p_ck.t;
select diff(f) from p_ck.t;
select derivative(v, 1s, 0) from p_ck.t;
select csum(v) from p_ck.t where k = 1;
select diff(v) from p_ck.t where k = 1;
select mavg(f, 2) from p_ck.t where k = 1;
insert into p_ck.t values ('2024-01-01 00:00:00', 2, 200, 20.5);
select * from p_ck.t where ts = '2024-01-01 00:00:00';
select diff(v) from p_ck.t;
create stable p_ck.st (ts timestamp, k varchar(8) primary key, v int) tags (g int);
insert into p_ck.c1 using p_ck.st tags (1) values ('2024-01-01 00:00:00', 'a', 1) ('2024-01-01 00:00:00', 'b', 2) ('2024-01-01 00:00:01', 'a', 4);
insert into p_ck.c2 using p_ck.st tags (2) values ('2024-01-01 00:00:00', 'a', 10) ('2024-01-01 00:00:02', 'a', 30) ('2024-01-01 00:00:02', 'c', 50);
select tbname, ts, k, v from p_ck.st order by tbname, ts, k;
select tbname, diff(v) from p_ck.st partition by tbname order by tbname;
select tbname, csum(v) from p_ck.st partition by tbname;
select tbname, first(v), last(v) from p_ck.st partition by tbname order by tbname;
-- @ignore
drop database if exists p_ck;
