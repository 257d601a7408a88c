-- windows on partitioned data: INTERVAL (offset, sliding) with every FILL, STATE_WINDOW, SESSION, EVENT_WINDOW and
-- COUNT_WINDOW under PARTITION BY tbname / a tag / an expression; _wstart, _wend, _wduration; SLIMIT; ORDER BY
-- @ignore
drop database if exists p_wp;
create database p_wp vgroups 1;
create stable p_wp.dev (ts timestamp, v int, t double, st varchar(4)) tags (grp varchar(4), k int);
create table p_wp.d1 using p_wp.dev tags ('g1', 1);
create table p_wp.d2 using p_wp.dev tags ('g1', 2);
create table p_wp.d3 using p_wp.dev tags ('g2', 3);
insert into p_wp.d1 values ('2024-08-01 00:00:00.000', 1, 10.0, 'on') ('2024-08-01 00:00:20.000', 2, 11.0, 'on') ('2024-08-01 00:01:00.000', 3, 12.0, 'off') ('2024-08-01 00:01:30.000', 4, 13.0, 'off') ('2024-08-01 00:04:00.000', 5, 14.0, 'on') ('2024-08-01 00:04:10.000', 6, null, 'on');
insert into p_wp.d2 values ('2024-08-01 00:00:10.000', 10, 20.0, 'off') ('2024-08-01 00:02:10.000', 20, 21.0, 'off') ('2024-08-01 00:02:50.000', 30, 22.0, 'on') ('2024-08-01 00:05:00.000', 40, 23.0, 'on');
insert into p_wp.d3 values ('2024-08-01 00:00:30.000', 100, 30.0, 'on') ('2024-08-01 00:00:40.000', 200, 31.0, 'on') ('2024-08-01 00:00:50.000', 300, 32.0, 'on');
-- INTERVAL partitioned by tbname and by a tag
-- @ordered
select tbname, _wstart, _wend, count(*), sum(v) from p_wp.dev partition by tbname interval(1m) order by tbname, _wstart;
-- @ordered
select grp, _wstart, count(*), avg(t) from p_wp.dev partition by grp interval(2m) order by grp, _wstart;
-- @ordered
select k, _wstart, max(v) from p_wp.dev partition by k interval(1m, 30s) order by k, _wstart;
-- @ordered
select tbname, _wstart, _wend, count(*) from p_wp.dev partition by tbname interval(2m) sliding(1m) order by tbname, _wstart;
-- @ordered
select tbname, _wstart, _wduration, first(v), last(v) from p_wp.dev partition by tbname interval(3m) order by tbname, _wstart;
-- @ordered
select _wstart, tbname, count(*) from p_wp.dev partition by tbname interval(1m) order by _wstart, tbname;
-- @ordered
select tbname, _wstart, sum(v) from p_wp.dev where ts >= '2024-08-01 00:00:00.000' and ts < '2024-08-01 00:03:00.000' partition by tbname interval(1m) order by tbname, _wstart;
-- FILL on partitioned windows (a WHERE range bounds the filled windows)
-- @ordered
select tbname, _wstart, count(*) from p_wp.dev where ts >= '2024-08-01 00:00:00.000' and ts < '2024-08-01 00:06:00.000' partition by tbname interval(1m) fill(null) order by tbname, _wstart;
-- @ordered
select tbname, _wstart, sum(v) from p_wp.dev where ts >= '2024-08-01 00:00:00.000' and ts < '2024-08-01 00:06:00.000' partition by tbname interval(1m) fill(value, 0) order by tbname, _wstart;
-- @ordered
select tbname, _wstart, avg(v) from p_wp.dev where ts >= '2024-08-01 00:00:00.000' and ts < '2024-08-01 00:06:00.000' partition by tbname interval(1m) fill(prev) order by tbname, _wstart;
-- @ordered
select tbname, _wstart, avg(v) from p_wp.dev where ts >= '2024-08-01 00:00:00.000' and ts < '2024-08-01 00:06:00.000' partition by tbname interval(1m) fill(next) order by tbname, _wstart;
-- @ordered
select tbname, _wstart, avg(v) from p_wp.dev where ts >= '2024-08-01 00:00:00.000' and ts < '2024-08-01 00:06:00.000' partition by tbname interval(1m) fill(linear) order by tbname, _wstart;
-- @ordered
select grp, _wstart, max(t) from p_wp.dev where ts >= '2024-08-01 00:00:00.000' and ts < '2024-08-01 00:06:00.000' partition by grp interval(1m) fill(null_f) order by grp, _wstart;
-- @ordered
select grp, _wstart, max(t) from p_wp.dev where ts >= '2024-08-01 00:00:00.000' and ts < '2024-08-01 00:06:00.000' partition by grp interval(1m) fill(value_f, -1) order by grp, _wstart;
-- @ordered
select tbname, _wstart, count(*), max(v) from p_wp.dev where ts >= '2024-08-01 00:00:00.000' and ts < '2024-08-01 00:04:00.000' partition by tbname interval(1m) fill(value, 0, -1) order by tbname, _wstart;
-- @ordered
select tbname, _wstart, count(*) from p_wp.dev where ts >= '2024-08-01 00:00:00.000' and ts < '2024-08-01 00:06:00.000' partition by tbname interval(1m) fill(none) order by tbname, _wstart;
-- STATE_WINDOW
-- @ordered
select tbname, _wstart, _wend, count(*), st from p_wp.dev partition by tbname state_window(st) order by tbname, _wstart;
-- @ordered
select tbname, _wstart, count(*), sum(v) from p_wp.dev partition by tbname state_window(case when v >= 10 then 1 else 0 end) order by tbname, _wstart;
-- @ordered
select grp, _wstart, _wduration, count(*) from p_wp.dev partition by grp state_window(st) order by grp, _wstart;
-- @ordered
select _wstart, count(*), first(st) from p_wp.d1 state_window(st) order by _wstart;
-- @error
select _wstart, count(*) from p_wp.dev state_window(st);
-- @ordered
select tbname, _wstart, count(*) from p_wp.dev partition by tbname state_window(st) true_for(30s) order by tbname, _wstart;
-- SESSION
-- @ordered
select tbname, _wstart, _wend, count(*) from p_wp.dev partition by tbname session(ts, 45s) order by tbname, _wstart;
-- @ordered
select grp, _wstart, count(*), max(v) from p_wp.dev partition by grp session(ts, 1m) order by grp, _wstart;
-- @ordered
select _wstart, _wend, count(*) from p_wp.dev session(ts, 30s) order by _wstart;
-- EVENT_WINDOW
-- @ordered
select tbname, _wstart, _wend, count(*) from p_wp.dev partition by tbname event_window start with v >= 2 end with v >= 4 order by tbname, _wstart;
-- @ordered
select tbname, _wstart, count(*), sum(v) from p_wp.dev partition by tbname event_window start with st = 'on' end with st = 'off' order by tbname, _wstart;
-- @ordered
select grp, _wstart, count(*) from p_wp.dev partition by grp event_window start with t > 10 end with t > 20 order by grp, _wstart;
-- @error
select _wstart, count(*) from p_wp.dev event_window start with v > 1 end with v > 3;
-- COUNT_WINDOW
-- @ordered
select tbname, _wstart, _wend, count(*), sum(v) from p_wp.dev partition by tbname count_window(2) order by tbname, _wstart;
-- @ordered
select tbname, _wstart, count(*) from p_wp.dev partition by tbname count_window(3, 1) order by tbname, _wstart;
-- @ordered
select grp, _wstart, count(*), max(v) from p_wp.dev partition by grp count_window(2) order by grp, _wstart;
-- @ordered
select tbname, _wstart, count(*) from p_wp.dev partition by tbname count_window(2, v) order by tbname, _wstart;
-- @error
select _wstart, count(*) from p_wp.dev count_window(2);
-- @error
select tbname, _wstart, count(*) from p_wp.dev partition by tbname count_window(0);
-- PARTITION BY an expression, several keys, SLIMIT / SOFFSET, LIMIT per partition
-- @ordered
select v % 2, _wstart, count(*) from p_wp.dev partition by v % 2 interval(2m) order by v % 2, _wstart;
-- @ordered
select grp, k, _wstart, count(*) from p_wp.dev partition by grp, k interval(5m) order by grp, k, _wstart;
-- @ordered
select tbname, _wstart, count(*) from p_wp.dev partition by tbname interval(1m) order by tbname, _wstart slimit 2;
-- @ordered
select tbname, _wstart, count(*) from p_wp.dev partition by tbname interval(1m) order by tbname, _wstart slimit 1 soffset 1;
-- @ordered
select tbname, _wstart, count(*) from p_wp.dev partition by tbname interval(1m) order by tbname, _wstart limit 2;
-- @ordered
select tbname, _wstart, count(*) from p_wp.dev partition by tbname interval(1m) order by count(*) desc, tbname, _wstart limit 4;
-- @ordered
select tbname, count(*) from p_wp.dev partition by tbname having count(*) > 3 order by tbname;
-- @ordered
select tbname, _wstart, count(*) from p_wp.dev partition by tbname interval(1m) having count(*) > 1 order by tbname, _wstart;
-- @ordered
select grp, _wstart, spread(v), stddev(v) from p_wp.dev partition by grp interval(5m) order by grp, _wstart;
-- @ordered
select tbname, _wstart, twa(v), elapsed(ts) from p_wp.dev partition by tbname interval(5m) order by tbname, _wstart;
-- @ordered
select tbname, _wstart, leastsquares(v, 1, 1) from p_wp.dev partition by tbname interval(5m) order by tbname;
-- @ordered
select tbname, _wstart, last_row(v), first(t) from p_wp.dev partition by tbname interval(2m) order by tbname, _wstart;
-- windows over a child table and over a time zone offset
-- @ordered
select _wstart, _wend, count(*), avg(v) from p_wp.d2 interval(2m) fill(value, 0) order by _wstart;
-- @ordered
select _wstart, count(*) from p_wp.d1 where ts >= '2024-08-01 00:00:00.000' and ts < '2024-08-01 00:05:00.000' interval(1m) sliding(30s) fill(null) order by _wstart;
-- @ordered
select _wstart, count(*) from p_wp.dev interval(1d) order by _wstart;
-- @ordered
select _wstart, count(*) from p_wp.dev interval(1w) order by _wstart;
-- @ordered
select _wstart, count(*) from p_wp.dev interval(1n) order by _wstart;
-- refusals
-- @error
select tbname, _wstart, count(*) from p_wp.dev partition by tbname interval(1m) sliding(2m);
-- @error
select tbname, _wstart, count(*) from p_wp.dev partition by tbname session(ts, 0s);
-- @error
select _wstart, count(*) from p_wp.dev partition by tbname interval(1m) fill(value);
-- @error
select tbname, v, count(*) from p_wp.dev partition by tbname interval(1m);
-- @error
select _wstart, count(*) from p_wp.dev interval(1m) order by v;
drop database p_wp;
