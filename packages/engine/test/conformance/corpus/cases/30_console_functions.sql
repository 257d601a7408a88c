-- the functions the console's query builder offers (web explorer builder/functions.ts), in the SQL shape the
-- builder writes (SELECT [_wstart, partition keys,] fn(col) FROM db.t WHERE time range [PARTITION BY] [INTERVAL] [FILL]
-- [LIMIT]), and the console's other listed functions that no other case file calls (var_pop, cols, user, today)
-- @ignore
drop database if exists p_cf;
create database p_cf vgroups 1;
create stable p_cf.st (ts timestamp, v int, f double, u bigint unsigned, s varchar(8)) tags (site varchar(8));
create table p_cf.t1 using p_cf.st tags ('alpha');
create table p_cf.t2 using p_cf.st tags ('beta');
insert into p_cf.t1 values ('2024-10-01 00:00:00.000', 5, 1.25, 1, 'a') ('2024-10-01 00:00:20.000', 3, 2.5, 2, 'b') ('2024-10-01 00:00:40.000', 8, null, 3, 'a') ('2024-10-01 00:01:10.000', 8, 4.75, 4, 'c') ('2024-10-01 00:02:30.000', 2, 5.0, 5, 'a') ('2024-10-01 00:04:00.000', 9, 6.5, 6, null);
insert into p_cf.t2 values ('2024-10-01 00:00:10.000', 50, 10.0, 10, 'x') ('2024-10-01 00:01:00.000', 40, 20.0, 20, 'y') ('2024-10-01 00:01:50.000', 60, 30.0, 30, 'x') ('2024-10-01 00:03:20.000', 55, 40.0, 40, 'y');
-- aggregates on the super table, in windows, and per table with FILL
SELECT count(*) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT count(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT avg(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT sum(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT max(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT min(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT first(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT last(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT last_row(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT spread(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT stddev(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT twa(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT apercentile(v, 50) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @ordered
SELECT _wstart, count(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
-- @ordered
SELECT _wstart, avg(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
-- @ordered
SELECT _wstart, sum(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
-- @ordered
SELECT _wstart, max(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
-- @ordered
SELECT _wstart, min(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
-- @ordered
SELECT _wstart, first(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
-- @ordered
SELECT _wstart, last(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
-- @ordered
SELECT _wstart, last_row(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
-- @ordered
SELECT _wstart, spread(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
-- @ordered
SELECT _wstart, stddev(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
-- @ordered
SELECT _wstart, twa(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
-- @ordered
SELECT _wstart, apercentile(v, 50) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m) ORDER BY _wstart;
SELECT _wstart, tbname, count(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(NULL) LIMIT 100;
SELECT _wstart, tbname, avg(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(PREV) LIMIT 100;
SELECT _wstart, tbname, sum(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(NEXT) LIMIT 100;
SELECT _wstart, tbname, max(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(LINEAR) LIMIT 100;
SELECT _wstart, tbname, min(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(VALUE, 0) LIMIT 100;
SELECT _wstart, tbname, first(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(NULL_F) LIMIT 100;
SELECT _wstart, tbname, last(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(VALUE_F, -1) LIMIT 100;
SELECT _wstart, tbname, last_row(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(NONE) LIMIT 100;
SELECT _wstart, tbname, spread(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(NULL) LIMIT 100;
SELECT _wstart, tbname, stddev(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(PREV) LIMIT 100;
SELECT _wstart, tbname, twa(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(NEXT) LIMIT 100;
SELECT _wstart, tbname, apercentile(v, 50) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname INTERVAL(1m) FILL(LINEAR) LIMIT 100;
SELECT _wstart, site, avg(v), max(f) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY site INTERVAL(2m) FILL(PREV);
SELECT site, count(*), last(s) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY site;
-- PERCENTILE: tables only
SELECT percentile(v, 50) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT percentile(v, 10, 50, 90) FROM p_cf.t2 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @ordered
SELECT _wstart, percentile(f, 50) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(2m) ORDER BY _wstart;
-- @error
SELECT percentile(v, 50) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT percentile(v, 101) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT apercentile(v, 120) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- per-row functions: on a table, and per table of the super table
SELECT top(v, 2) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT bottom(v, 2) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT tail(v, 2, 0) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT tail(v, 3, 1) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT mavg(v, 2) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT derivative(v, 1s, 0) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT derivative(v, 10s, 1) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT statecount(v, 'GT', 4) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT statecount(v, 'LE', 5) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT stateduration(v, 'GE', 5) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT stateduration(v, 'NE', 8) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT csum(v) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT diff(v) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
SELECT tbname, top(v, 1) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname;
SELECT tbname, bottom(f, 1) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname;
SELECT tbname, tail(v, 1) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname;
SELECT tbname, mavg(v, 3) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname;
SELECT tbname, derivative(v, 1s, 0) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname;
SELECT tbname, statecount(v, 'EQ', 8) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname;
SELECT tbname, stateduration(v, 'LT', 50) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname;
SELECT tbname, csum(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname;
SELECT tbname, diff(v) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname;
-- @skip-values
SELECT sample(v, 2) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @skip-values
SELECT tbname, sample(s, 1) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' PARTITION BY tbname;
-- per-row functions cannot go with a window; parameters out of the builder's bounds
-- @error
SELECT _wstart, top(v, 2) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m);
-- @error
SELECT _wstart, csum(v) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' INTERVAL(1m);
-- @error
SELECT top(v, 0) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT top(v, 101) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT tail(v, 0) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT mavg(v, 0) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT mavg(v, 1001) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT sample(v, 1001) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT statecount(v, 'XX', 1) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT stateduration(v, 'GT', 1, 1x) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT derivative(v, 0s, 0) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT avg(s) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT spread(s) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- @error
SELECT twa(s) FROM p_cf.t1 WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000';
-- the builder's filters (BETWEEN, IN, LIKE, IS NULL) and a LIMIT
SELECT ts, v, s FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' AND v BETWEEN 3 AND 9 LIMIT 100;
SELECT ts, v FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' AND s IN ('a', 'x') LIMIT 100;
SELECT ts, s FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' AND s LIKE 'a%' LIMIT 100;
SELECT ts, v FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' AND s IS NULL LIMIT 100;
SELECT ts, v FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' AND (v < 3 OR v > 50) LIMIT 100;
SELECT count(*) FROM p_cf.st WHERE ts >= '2024-10-01 00:00:00.000' AND ts < '2024-10-01 00:05:00.000' AND f IS NOT NULL;
-- other functions of the console's list
SELECT var_pop(v), stddev_pop(v) FROM p_cf.st;
SELECT var_pop(f) FROM p_cf.t1;
-- @ordered
SELECT tbname, var_pop(v) FROM p_cf.st PARTITION BY tbname ORDER BY tbname;
-- @ordered
SELECT _wstart, var_pop(v) FROM p_cf.st INTERVAL(2m) ORDER BY _wstart;
-- @error
SELECT var_pop(s) FROM p_cf.st;
SELECT cols(max(v), ts, s) FROM p_cf.t1;
SELECT cols(min(v), ts) FROM p_cf.st;
SELECT cols(last(f), ts, v), cols(first(f), ts) FROM p_cf.t2;
-- @ordered
SELECT tbname, cols(max(v), ts) FROM p_cf.st PARTITION BY tbname ORDER BY tbname;
-- @error
SELECT cols(v, ts) FROM p_cf.t1;
-- @error
SELECT cols(max(v)) FROM p_cf.t1;
SELECT user();
SELECT current_user();
SELECT database();
SELECT server_status();
-- @skip-values
SELECT today();
-- @skip-values
SELECT today() - 1d, today() + 1d;
SELECT count(*) FROM p_cf.t1 WHERE ts < today();
-- @skip-values
SELECT client_version();
DROP DATABASE p_cf;
