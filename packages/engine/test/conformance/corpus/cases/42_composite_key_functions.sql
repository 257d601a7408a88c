-- time-series functions over a composite key (the second column declared PRIMARY KEY) where keys share a timestamp:
-- TWA and IRATE (also in INTERVAL windows) and INTERP read the first key's row of each timestamp, then skip NULLs;
-- the rows UNIQUE and TAIL pick; per child table, merged over a super table, and tables without a key for contrast
-- @ignore
drop database if exists p_ckf;
create database p_ckf vgroups 1;
create table p_ckf.t (ts timestamp, k varchar(4) primary key, v int, f double);
insert into p_ckf.t values ('2024-01-01 00:00:00', 'k0', 10, 1.5) ('2024-01-01 00:00:01', 'k1', null, 2.5) ('2024-01-01 00:00:01', 'k2', 100, 3.5) ('2024-01-01 00:00:02', 'ka', 30, null) ('2024-01-01 00:00:02', 'kb', 40, 4.5) ('2024-01-01 00:00:04', 'k0', 20, 6.5) ('2024-01-01 00:00:04', 'k9', 10, 0.5);
select twa(v), irate(v) from p_ckf.t;
select twa(f), irate(f) from p_ckf.t;
select twa(v), irate(v) from p_ckf.t where k <> 'k1';
select twa(v), irate(v) from p_ckf.t where k = 'kb';
select twa(v), irate(v) from p_ckf.t where ts >= '2024-01-01 00:00:01' and ts <= '2024-01-01 00:00:02';
select count(*), sum(v), twa(v), irate(v), max(v) from p_ckf.t;
select _wstart, twa(v), irate(v) from p_ckf.t interval(2s);
select _wstart, twa(f), irate(f) from p_ckf.t interval(3s);
select _irowts, _isfilled, interp(v) from p_ckf.t range('2023-12-31 23:59:59', '2024-01-01 00:00:04') every(1s) fill(linear);
select _irowts, interp(f) from p_ckf.t range('2023-12-31 23:59:59', '2024-01-01 00:00:04') every(500a) fill(prev);
select _irowts, _isfilled, interp(v, 1) from p_ckf.t range('2023-12-31 23:59:59', '2024-01-01 00:00:04') every(1s) fill(null);
select _irowts, _isfilled, interp(v), interp(f) from p_ckf.t range('2024-01-01 00:00:01', '2024-01-01 00:00:04') every(1s) fill(null);
select ts, k, unique(v) from p_ckf.t;
select ts, k, tail(v, 4) from p_ckf.t;
select ts, k, tail(f, 3, 1) from p_ckf.t;
create table p_ckf.u (ts timestamp, k int primary key, v int);
insert into p_ckf.u values ('2024-01-01 00:00:00', 7, 5) ('2024-01-01 00:00:00', 3, 5) ('2024-01-01 00:00:00', 9, 6) ('2024-01-01 00:00:01', 2, 6) ('2024-01-01 00:00:01', 1, 5);
select ts, k, unique(v) from p_ckf.u;
select ts, k, tail(v, 3) from p_ckf.u;
select ts, k, diff(v) from p_ckf.u;
create table p_ckf.ti (ts timestamp, k int primary key, v double);
insert into p_ckf.ti values ('2024-01-01 00:00:00', 3, 1.0) ('2024-01-01 00:00:00', 1, 5.0) ('2024-01-01 00:00:03', 2, 8.0) ('2024-01-01 00:00:03', -1, null) ('2024-01-01 00:00:05', 7, 2.0) ('2024-01-01 00:00:06', 1, 6.0);
select twa(v), irate(v) from p_ckf.ti;
select _wstart, twa(v) from p_ckf.ti interval(4s);
create stable p_ckf.st (ts timestamp, k int primary key, v double) tags (g int);
insert into p_ckf.c1 using p_ckf.st tags (1) values ('2024-01-01 00:00:00', 2, 10) ('2024-01-01 00:00:00', 5, 99) ('2024-01-01 00:00:01', 1, null) ('2024-01-01 00:00:01', 3, 7) ('2024-01-01 00:00:03', 1, 40);
insert into p_ckf.c2 using p_ckf.st tags (2) values ('2024-01-01 00:00:00', 1, 1) ('2024-01-01 00:00:02', 4, 5) ('2024-01-01 00:00:02', 9, 50) ('2024-01-01 00:00:04', 1, 2);
select tbname, twa(v), irate(v) from p_ckf.st partition by tbname order by tbname;
select g, twa(v), irate(v) from p_ckf.st partition by g order by g;
select twa(v), irate(v) from p_ckf.c1;
select twa(v), irate(v) from p_ckf.st;
select tbname, _wstart, twa(v), irate(v) from p_ckf.st partition by tbname interval(2s) order by tbname, _wstart;
select tbname, _irowts, interp(v) from p_ckf.st partition by tbname range('2024-01-01 00:00:00', '2024-01-01 00:00:04') every(1s) fill(linear);
select tbname, ts, k, unique(v) from p_ckf.st partition by tbname;
select tbname, ts, k, tail(v, 2) from p_ckf.st partition by tbname;
create table p_ckf.n (ts timestamp, v int);
insert into p_ckf.n values ('2024-01-01 00:00:00', 10) ('2024-01-01 00:00:01', null) ('2024-01-01 00:00:02', 30) ('2024-01-01 00:00:03', 100);
select twa(v), irate(v) from p_ckf.n;
create stable p_ckf.sn (ts timestamp, v int) tags (g int);
insert into p_ckf.n1 using p_ckf.sn tags (1) values ('2024-01-01 00:00:00', 10) ('2024-01-01 00:00:02', null) ('2024-01-01 00:00:03', 40);
insert into p_ckf.n2 using p_ckf.sn tags (2) values ('2024-01-01 00:00:00', 5) ('2024-01-01 00:00:01', 15) ('2024-01-01 00:00:02', 7);
select tbname, twa(v), irate(v) from p_ckf.sn partition by tbname order by tbname;
-- @error
select twa(v) from p_ckf.sn;
-- @error
select irate(v) from p_ckf.sn;
select twa(v), irate(v) from p_ckf.sn where ts > '2024-01-01 00:00:00';
-- @ignore
drop database if exists p_ckf;
