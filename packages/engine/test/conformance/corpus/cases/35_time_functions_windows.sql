-- time functions and time arithmetic over ms/us/ns databases; INTERVAL (offset, sliding, calendar units) with every
-- FILL mode, with and without PARTITION BY, bounded by WHERE; INTERP with RANGE; window pseudo columns; SESSION, STATE,
-- EVENT and COUNT windows with their parameters and refusals
-- @ignore
drop database if exists c35_ms;
-- @ignore
drop database if exists c35_us;
-- @ignore
drop database if exists c35_ns;
create database c35_ms precision 'ms' vgroups 1;
create stable c35_ms.m (ts timestamp, v int, d double, s varchar(32), b bool) tags (g varchar(8), k int);
create table c35_ms.t1 using c35_ms.m tags ('a', 1);
create table c35_ms.t2 using c35_ms.m tags ('b', 2);
create table c35_ms.n (ts timestamp, v int, d double, s varchar(32));
create database c35_us precision 'us' vgroups 1;
create stable c35_us.m (ts timestamp, v int, d double, s varchar(32), b bool) tags (g varchar(8), k int);
create table c35_us.t1 using c35_us.m tags ('a', 1);
create table c35_us.t2 using c35_us.m tags ('b', 2);
create table c35_us.n (ts timestamp, v int, d double, s varchar(32));
create database c35_ns precision 'ns' vgroups 1;
create stable c35_ns.m (ts timestamp, v int, d double, s varchar(32), b bool) tags (g varchar(8), k int);
create table c35_ns.t1 using c35_ns.m tags ('a', 1);
create table c35_ns.t2 using c35_ns.m tags ('b', 2);
create table c35_ns.n (ts timestamp, v int, d double, s varchar(32));
insert into c35_ms.t1 values ('2024-01-01 00:00:00.000', 1, 1.5, '2024-01-01 08:00:00', true) ('2024-01-01 00:00:10.123', 2, 2.5, '2024-02-29 23:59:59', false) ('2024-01-01 00:00:35.500', 3, null, '2023-12-31T23:59:59Z', true) ('2024-01-01 00:01:20.999', 4, 4.5, null, null) ('2024-01-02 12:00:00.000', 5, 5.5, 'abc', true) ('2024-02-29 06:30:00.250', 6, 6.5, '2024-02-29', false) ('2024-12-31 23:59:59.999', 7, 7.5, '2024-12-31 23:59:59.999', true);
insert into c35_ms.t2 values ('2024-01-01 00:00:05.000', 10, 10.5, 'x', false) ('2024-01-01 00:00:25.000', 20, null, 'y', true) ('2024-01-01 00:00:45.000', null, 30.5, 'y', true) ('2024-01-01 00:02:05.000', 40, 40.5, 'z', false) ('2024-03-15 00:00:00.000', 50, 50.5, 'z', null);
insert into c35_ms.n values ('2023-12-31 23:59:59.999', 1, 0.5, 'n1') ('2024-01-01 00:00:00.001', 2, 1.5, 'n2') ('2024-06-30 12:00:00', 3, 2.5, 'n3') ('2025-01-01 00:00:00', 4, 3.5, 'n4');
insert into c35_us.t1 values ('2024-01-01 00:00:00.000456', 1, 1.5, '2024-01-01 08:00:00', true) ('2024-01-01 00:00:10.123456', 2, 2.5, '2024-02-29 23:59:59', false) ('2024-01-01 00:00:35.500456', 3, null, '2023-12-31T23:59:59Z', true) ('2024-01-01 00:01:20.999456', 4, 4.5, null, null) ('2024-01-02 12:00:00.000456', 5, 5.5, 'abc', true) ('2024-02-29 06:30:00.250456', 6, 6.5, '2024-02-29', false) ('2024-12-31 23:59:59.999456', 7, 7.5, '2024-12-31 23:59:59.999', true);
insert into c35_us.t2 values ('2024-01-01 00:00:05.000456', 10, 10.5, 'x', false) ('2024-01-01 00:00:25.000456', 20, null, 'y', true) ('2024-01-01 00:00:45.000456', null, 30.5, 'y', true) ('2024-01-01 00:02:05.000456', 40, 40.5, 'z', false) ('2024-03-15 00:00:00.000456', 50, 50.5, 'z', null);
insert into c35_us.n values ('2023-12-31 23:59:59.999', 1, 0.5, 'n1') ('2024-01-01 00:00:00.001', 2, 1.5, 'n2') ('2024-06-30 12:00:00', 3, 2.5, 'n3') ('2025-01-01 00:00:00', 4, 3.5, 'n4');
insert into c35_ns.t1 values ('2024-01-01 00:00:00.000456789', 1, 1.5, '2024-01-01 08:00:00', true) ('2024-01-01 00:00:10.123456789', 2, 2.5, '2024-02-29 23:59:59', false) ('2024-01-01 00:00:35.500456789', 3, null, '2023-12-31T23:59:59Z', true) ('2024-01-01 00:01:20.999456789', 4, 4.5, null, null) ('2024-01-02 12:00:00.000456789', 5, 5.5, 'abc', true) ('2024-02-29 06:30:00.250456789', 6, 6.5, '2024-02-29', false) ('2024-12-31 23:59:59.999456789', 7, 7.5, '2024-12-31 23:59:59.999', true);
insert into c35_ns.t2 values ('2024-01-01 00:00:05.000456789', 10, 10.5, 'x', false) ('2024-01-01 00:00:25.000456789', 20, null, 'y', true) ('2024-01-01 00:00:45.000456789', null, 30.5, 'y', true) ('2024-01-01 00:02:05.000456789', 40, 40.5, 'z', false) ('2024-03-15 00:00:00.000456789', 50, 50.5, 'z', null);
insert into c35_ns.n values ('2023-12-31 23:59:59.999', 1, 0.5, 'n1') ('2024-01-01 00:00:00.001', 2, 1.5, 'n2') ('2024-06-30 12:00:00', 3, 2.5, 'n3') ('2025-01-01 00:00:00', 4, 3.5, 'n4');
-- now() and today(): values depend on the clock, so only their shapes, or expressions that do not depend on it
-- @skip-values
select now(), today();
-- @skip-values
select now() + 1d, today() - 1w, now() - 1h;
select now() > '2024-01-01', today() <= now(), now() < '2100-01-01';
select cast(today() as bigint) % 86400000;
select timediff(now(), today(), 1d);
select count(*) from c35_ms.m where ts < now();
select count(*) from c35_us.m where ts < now() and ts > now() - 36500d;
select count(*) from c35_ns.m where ts <= today();
select ts from c35_ms.t1 where ts > today() order by ts;
select cast(today() as bigint) % 86400000000 from c35_us.n limit 1;
select cast(today() as bigint) % 86400000000000 from c35_ns.n limit 1;
-- @skip-values
select now from c35_ms.n;
-- @error
select now(1);
-- @error
select today(1);
-- timetruncate: every unit on each precision, with and without the use-current-timezone flag
select ts, timetruncate(ts, 1s), timetruncate(ts, 1m), timetruncate(ts, 1h) from c35_ms.t1 order by ts;
select ts, timetruncate(ts, 1d), timetruncate(ts, 1d, 0), timetruncate(ts, 1d, 1) from c35_ms.t1 order by ts;
select ts, timetruncate(ts, 1w), timetruncate(ts, 1w, 0), timetruncate(ts, 1w, 1) from c35_ms.t1 order by ts;
select ts, timetruncate(ts, 1a) from c35_ms.t1 order by ts;
-- @error
select timetruncate(ts, 1u) from c35_ms.t1;
select ts, timetruncate(ts, 1s), timetruncate(ts, 1m), timetruncate(ts, 1h) from c35_us.t1 order by ts;
select ts, timetruncate(ts, 1d), timetruncate(ts, 1d, 0), timetruncate(ts, 1d, 1) from c35_us.t1 order by ts;
select ts, timetruncate(ts, 1w), timetruncate(ts, 1w, 0), timetruncate(ts, 1w, 1) from c35_us.t1 order by ts;
select ts, timetruncate(ts, 1a) from c35_us.t1 order by ts;
select ts, timetruncate(ts, 1u) from c35_us.t1 order by ts;
select ts, timetruncate(ts, 1s), timetruncate(ts, 1m), timetruncate(ts, 1h) from c35_ns.t1 order by ts;
select ts, timetruncate(ts, 1d), timetruncate(ts, 1d, 0), timetruncate(ts, 1d, 1) from c35_ns.t1 order by ts;
select ts, timetruncate(ts, 1w), timetruncate(ts, 1w, 0), timetruncate(ts, 1w, 1) from c35_ns.t1 order by ts;
select ts, timetruncate(ts, 1a) from c35_ns.t1 order by ts;
select ts, timetruncate(ts, 1u) from c35_ns.t1 order by ts;
select ts, timetruncate(ts, 1b) from c35_ns.t1 order by ts;
-- @error
select timetruncate(ts, 1b) from c35_ms.t1;
-- @error
select timetruncate(ts, 1b) from c35_us.t1;
-- @error
select timetruncate(ts, 2s) from c35_ms.t1;
-- @error
select timetruncate(ts, 1d, 1, 1) from c35_ms.t1;
-- @error
select timetruncate(ts, 1d, -1) from c35_ms.t1;
select timetruncate(s, 1h) from c35_ms.t1 order by ts;
select timetruncate(s, 1d, 1) from c35_us.t1 order by ts;
select timetruncate('2024-02-29 06:30:00.250', 1h, 0), timetruncate('2024-02-29 06:30:00.250', 1h, 1);
select timetruncate('2024-01-04 00:00:00', 1w, 0), timetruncate('2024-01-03 23:59:59', 1w, 0), timetruncate('2024-01-04 00:00:00', 1w, 1);
select timetruncate('2024-02-29T06:30:00+05:30', 1d), timetruncate('2024-02-29T06:30:00+05:30', 1d, 1);
select timetruncate(1709188200250, 1m), timetruncate(1709188200250, 1d, 1);
-- @error
select timetruncate(null, 1d);
select timetruncate(ts, 1d) t, count(*) from c35_ms.m group by timetruncate(ts, 1d) order by t;
-- timediff with units on each precision; text and integer arguments
select ts, timediff(ts, '2024-01-01 00:00:00'), timediff(ts, '2024-01-01 00:00:00', 1s), timediff(ts, '2024-01-01', 1d) from c35_ms.t1 order by ts;
select ts, timediff('2024-01-01 00:00:00', ts, 1m), timediff(ts, '2024-01-01', 1h), timediff(ts, '2024-01-01', 1w) from c35_ms.t1 order by ts;
select ts, timediff(ts, '2024-01-01 00:00:00', 1a) from c35_ms.t1 order by ts;
-- @error
select timediff(ts, '2024-01-01 00:00:00', 1u) from c35_ms.t1;
select ts, timediff(ts, '2024-01-01 00:00:00'), timediff(ts, '2024-01-01 00:00:00', 1s), timediff(ts, '2024-01-01', 1d) from c35_us.t1 order by ts;
select ts, timediff('2024-01-01 00:00:00', ts, 1m), timediff(ts, '2024-01-01', 1h), timediff(ts, '2024-01-01', 1w) from c35_us.t1 order by ts;
select ts, timediff(ts, '2024-01-01 00:00:00', 1a) from c35_us.t1 order by ts;
select ts, timediff(ts, '2024-01-01 00:00:00', 1u) from c35_us.t1 order by ts;
select ts, timediff(ts, '2024-01-01 00:00:00'), timediff(ts, '2024-01-01 00:00:00', 1s), timediff(ts, '2024-01-01', 1d) from c35_ns.t1 order by ts;
select ts, timediff('2024-01-01 00:00:00', ts, 1m), timediff(ts, '2024-01-01', 1h), timediff(ts, '2024-01-01', 1w) from c35_ns.t1 order by ts;
select ts, timediff(ts, '2024-01-01 00:00:00', 1a) from c35_ns.t1 order by ts;
select ts, timediff(ts, '2024-01-01 00:00:00', 1u) from c35_ns.t1 order by ts;
select ts, timediff(ts, '2024-01-01 00:00:00', 1b) from c35_ns.t1 order by ts;
-- @ordered
select timediff(t1.ts, t2.ts, 1s) from c35_ms.t1 t1, c35_ms.t2 t2 where t1.ts = t2.ts;
select timediff('2024-03-01', '2024-02-28', 1d), timediff('2023-03-01', '2023-02-28', 1d), timediff('2024-01-01 00:00:00.999', '2024-01-01', 1s);
select timediff('2024-01-01', '2024-01-01 00:00:00.999', 1s), timediff('2024-01-01 00:00:01', '2024-01-01 00:00:00.001');
select timediff(1704067200000, 1704067199000), timediff(1704067200000, 1704067199000, 1s), timediff(1704067200000, '2024-01-01', 1a);
select timediff('2024-01-01T00:00:00+08:00', '2024-01-01T00:00:00Z', 1h);
select timediff('abc', '2024-01-01', 1s), timediff(null, '2024-01-01', 1s);
select timediff(ts, s, 1h) from c35_ms.t1 order by ts;
-- @error
select timediff(ts, '2024-01-01', 1n) from c35_ms.t1;
-- @error
select timediff(ts, '2024-01-01', 2s) from c35_ms.t1;
-- @error
select timediff(ts, '2024-01-01', 1b) from c35_ms.t1;
-- @error
select timediff(ts, '2024-01-01', 1y) from c35_us.t1;
-- @error
select timediff(ts, 1.5) from c35_ms.t1;
-- @error
select timediff(ts, true) from c35_ms.t1;
-- to_unixtimestamp, to_iso8601 with zones, to_timestamp and to_char formats
select to_unixtimestamp('2024-02-29 06:30:00.250'), to_unixtimestamp('2024-02-29T06:30:00.250+08:00'), to_unixtimestamp('2024-02-29T06:30:00Z');
select to_unixtimestamp('2024-02-29', 1), to_unixtimestamp('2024-02-29', 0), to_unixtimestamp('bogus');
-- @error
select to_unixtimestamp('2024-02-29', 2);
-- @error
select to_unixtimestamp(1704067200000);
select s, to_unixtimestamp(s), to_unixtimestamp(s, 1) from c35_ms.t1 order by ts;
select s, to_unixtimestamp(s) from c35_us.t1 order by ts;
select s, to_unixtimestamp(s) from c35_ns.t1 order by ts;
select ts, to_iso8601(ts), to_iso8601(ts, '+05:30'), to_iso8601(ts, '-08:00'), to_iso8601(ts, 'Z') from c35_ms.t1 order by ts;
select ts, to_iso8601(ts), to_iso8601(ts, '+05:30'), to_iso8601(ts, '-08:00'), to_iso8601(ts, 'Z') from c35_us.t1 order by ts;
select ts, to_iso8601(ts), to_iso8601(ts, '+05:30'), to_iso8601(ts, '-08:00'), to_iso8601(ts, 'Z') from c35_ns.t1 order by ts;
select to_iso8601(ts, '+0800'), to_iso8601(ts, '-12:00'), to_iso8601(ts, '+05'), to_iso8601(ts, 'z'), to_iso8601(ts, '-0000') from c35_ms.t1 where v = 1;
-- @error
select to_iso8601(ts, '+14:00') from c35_ms.t1 where v = 1;
-- @error
select to_iso8601(ts, '+8') from c35_ms.t1 where v = 1;
-- @error
select to_iso8601(ts, '+15:00') from c35_ms.t1 where v = 1;
-- @error
select to_iso8601(ts, 'UTC') from c35_ms.t1 where v = 1;
select to_iso8601(v) from c35_ms.t1 order by ts;
select to_iso8601(1704067200123456) , to_iso8601(-1);
-- @error
select to_iso8601(ts, 1) from c35_ms.t1;
select ts, to_char(ts, 'yyyy-mm-dd hh24:mi:ss.ms'), to_char(ts, 'yyyy-mm-dd hh24:mi:ss.us'), to_char(ts, 'yyyy-mm-dd hh24:mi:ss.ns') from c35_ms.t1 order by ts;
select ts, to_char(ts, 'yyyy-mm-dd hh24:mi:ss.ms'), to_char(ts, 'yyyy-mm-dd hh24:mi:ss.us'), to_char(ts, 'yyyy-mm-dd hh24:mi:ss.ns') from c35_us.t1 order by ts;
select ts, to_char(ts, 'yyyy-mm-dd hh24:mi:ss.ms'), to_char(ts, 'yyyy-mm-dd hh24:mi:ss.us'), to_char(ts, 'yyyy-mm-dd hh24:mi:ss.ns') from c35_ns.t1 order by ts;
select to_char(ts, 'Day DD Month YYYY'), to_char(ts, 'DY dd MON yy'), to_char(ts, 'day month'), to_char(ts, 'hh12:mi AM'), to_char(ts, 'ddd d') from c35_ms.t1 order by ts;
select to_char(ts, 'YYYY"年"MM"月"DD'), to_char(ts, 'yyyymmddhh24miss') from c35_ms.t1 order by ts;
select to_char(ts, '') from c35_ms.t1 order by ts;
select to_char(ts, 'TZH') from c35_ms.t1 where v = 1;
select to_timestamp('2024-02-29 06:30:00.250', 'yyyy-mm-dd hh24:mi:ss.ms'), to_timestamp('29/02/2024', 'dd/mm/yyyy');
-- @error
select to_timestamp('2024 060', 'yyyy ddd');
select to_timestamp('06:30 PM', 'hh:mi AM'), to_timestamp('Feb 29 2024', 'Mon DD YYYY'), to_timestamp('20240229', 'yyyymmdd');
select to_timestamp('2024-02-29 06:30:00.123456', 'yyyy-mm-dd hh24:mi:ss.us'), to_timestamp('2024-02-29 06:30:00.123456789', 'yyyy-mm-dd hh24:mi:ss.ns');
-- @error
select to_timestamp('2024-13-01', 'yyyy-mm-dd');
select to_timestamp('2024-02-30', 'yyyy-mm-dd');
-- @error
select to_timestamp('2024-02-29', 1);
-- @error
select to_char(s, 'yyyy') from c35_ms.t1;
-- week functions on each precision
select ts, weekday(ts), dayofweek(ts), week(ts), weekofyear(ts) from c35_ms.t1 order by ts;
select ts, weekday(ts), dayofweek(ts), week(ts), weekofyear(ts) from c35_us.t1 order by ts;
select ts, weekday(ts), dayofweek(ts), week(ts), weekofyear(ts) from c35_ns.t1 order by ts;
select ts, week(ts, 0), week(ts, 1), week(ts, 2), week(ts, 3), week(ts, 4), week(ts, 5), week(ts, 6), week(ts, 7) from c35_ms.n order by ts;
select week('2024-12-30'), week('2024-12-30', 3), weekofyear('2024-12-30'), weekofyear('2021-01-03'), weekday('2024-12-29'), dayofweek('2024-12-29');
-- @error
select week(ts, 8) from c35_ms.n;
-- @error
select week(ts, -1) from c35_ms.n;
select weekday(s) from c35_ms.t1 order by ts;
select dayofweek(ts), count(*) from c35_ms.m group by dayofweek(ts) order by 1;
-- timestamp + and - durations, integers; per precision
select ts, ts + 1d, ts - 1h, ts + 1s, ts - 1a from c35_ms.t1 order by ts;
select ts, ts + 1000, ts - 1, ts + 1w, ts + 1u from c35_ms.t1 order by ts;
select ts, ts + 1d, ts - 1h, ts + 1s, ts - 1a from c35_us.t1 order by ts;
select ts, ts + 1000, ts - 1, ts + 1w, ts + 1u from c35_us.t1 order by ts;
select ts, ts + 1d, ts - 1h, ts + 1s, ts - 1a from c35_ns.t1 order by ts;
select ts, ts + 1000, ts - 1, ts + 1w, ts + 1u from c35_ns.t1 order by ts;
select ts + 1b from c35_ns.t1 order by ts;
select ts + 1b from c35_ms.t1 order by ts;
select ts + 1m - 30s, ts - 1h + 2h from c35_ms.t1 order by ts;
-- @error
select (ts + 2h) - ts from c35_ms.t1;
-- @error
select ts - ts from c35_ms.t1;
select ts * 2 from c35_ms.t1 order by ts;
select cast(ts + 1d as bigint), cast(ts as bigint) + 86400000 from c35_ms.t1 order by ts;
select ts, ts + 1n, ts - 1n from c35_ms.t1 order by ts;
select ts, ts + 1y, ts - 1y from c35_ms.t1 order by ts;
-- @error
select ts + '1d' from c35_ms.t1;
select ts + v from c35_ms.t1 order by ts;
select ts + d from c35_ms.t1 order by ts;
-- comparisons of timestamps with strings and integers
select ts from c35_ms.t1 where ts > '2024-01-01 00:00:10' order by ts;
select ts from c35_ms.t1 where ts >= '2024-01-01 00:00:10.123' order by ts;
select ts from c35_ms.t1 where ts = '2024-01-01 00:00:10.123' order by ts;
select ts from c35_ms.t1 where ts = 1704067210123 order by ts;
select ts from c35_ms.t1 where ts > 1704067210123 and ts < '2024-02-01' order by ts;
select ts from c35_ms.t1 where ts between '2024-01-01' and '2024-01-02' order by ts;
select ts from c35_ms.t1 where ts between 1704067200000 and 1704067235500 order by ts;
select ts from c35_ms.t1 where ts in ('2024-01-01 00:00:00', '2024-02-29 06:30:00.250') order by ts;
select ts from c35_ms.t1 where ts in (1704067200000, 1709188200250) order by ts;
select ts from c35_ms.t1 where ts not in ('2024-01-01 00:00:00') order by ts;
select ts from c35_ms.t1 where ts > '2024-01-01T00:00:30+00:00' order by ts;
select ts from c35_ms.t1 where ts < '2024-01-01T08:00:10+08:00' order by ts;
select ts from c35_ms.t1 where ts <> '2024-01-01' order by ts;
select ts from c35_ms.t1 where ts > '2024-01-01' + 1d order by ts;
select ts from c35_ms.t1 where ts > 1704067200000 + 1d order by ts;
select ts from c35_us.t1 where ts > '2024-01-01 00:00:10.123' and ts < '2024-01-01 00:00:10.124' order by ts;
select ts from c35_us.t1 where ts = '2024-01-01 00:00:10.123456' order by ts;
select ts from c35_us.t1 where ts > 1704067210123456 order by ts;
select ts from c35_ns.t1 where ts = '2024-01-01 00:00:10.123456789' order by ts;
select ts from c35_ns.t1 where ts > 1704067210123456789 order by ts;
select ts from c35_ns.t1 where ts between '2024-01-01 00:00:00.000456789' and '2024-01-01 00:00:35.500456789' order by ts;
-- @error
select ts from c35_ms.t1 where ts > 'abc';
select ts from c35_ms.t1 where ts > 1.5e12 order by ts;
select ts, ts > '2024-01-02', ts = 1704067200000 from c35_ms.t1 order by ts;
select ts from c35_ms.t1 where ts > '2024-01-01' and ts < '2023-01-01';
select ts from c35_ms.t1 where ts >= today() - 36500d and ts < '2024-01-01 00:00:11' order by ts;
-- INTERVAL: offsets, sliding, calendar units, per precision
select _wstart, _wend, _wduration, count(*), sum(v) from c35_ms.t1 where ts < '2024-01-02' interval(20s) order by _wstart;
select _wstart, _wend, _wduration, count(*), sum(v) from c35_us.t1 where ts < '2024-01-02' interval(20s) order by _wstart;
select _wstart, _wend, _wduration, count(*), sum(v) from c35_ns.t1 where ts < '2024-01-02' interval(20s) order by _wstart;
select _wstart, count(*) from c35_ms.t1 where ts < '2024-01-02' interval(20s, 5s) order by _wstart;
select _wstart, count(*) from c35_ns.t1 where ts < '2024-01-02' interval(20s, 5s) order by _wstart;
select _wstart, _wend, count(*) from c35_ms.t1 where ts < '2024-01-02' interval(30s) sliding(10s) order by _wstart;
select _wstart, _wend, count(*) from c35_us.t1 where ts < '2024-01-02' interval(30s) sliding(10s) order by _wstart;
select _wstart, _wend, count(*) from c35_ms.m where ts < '2024-01-02' interval(1m, 10s) sliding(20s) order by _wstart;
select _wstart, _wend, _wduration, count(*) from c35_ms.m interval(1n) order by _wstart;
select _wstart, _wend, _wduration, count(*) from c35_us.m interval(1n) order by _wstart;
select _wstart, _wend, _wduration, count(*) from c35_ns.m interval(1n) order by _wstart;
select _wstart, _wend, count(*) from c35_ms.m interval(2n) order by _wstart;
select _wstart, _wend, count(*) from c35_ms.m interval(1y) order by _wstart;
select _wstart, _wend, count(*) from c35_ns.m interval(1y) order by _wstart;
select _wstart, _wend, count(*) from c35_ms.n interval(1y) order by _wstart;
select _wstart, _wend, count(*) from c35_ms.m interval(1n, 10d) order by _wstart;
select _wstart, _wend, count(*) from c35_ms.m interval(1w) order by _wstart;
select _wstart, _wend, count(*) from c35_ms.m interval(1w, 3d) order by _wstart;
select _wstart, _wend, count(*) from c35_ms.m interval(1d) order by _wstart;
select _wstart, _wend, count(*) from c35_ms.m interval(12h, 6h) order by _wstart;
select _wstart, count(*) from c35_ms.m interval(1d) order by _wstart desc limit 2;
select _wstart, cast(_wduration as bigint), _wduration / 1000, count(*) from c35_us.t1 where ts < '2024-01-02' interval(30s) order by _wstart;
-- @error
select _wend - _wstart from c35_us.t1 interval(30s);
select _wstart + 1s, _wend - 1a, count(*) from c35_ms.t1 where ts < '2024-01-02' interval(30s) order by 1;
select timetruncate(_wstart, 1d), count(*) from c35_ms.m interval(1h) order by 1;
select to_iso8601(_wstart), count(*) from c35_ns.t1 where ts < '2024-01-02' interval(1m) order by 1;
-- @error
select count(*) from c35_ms.t1 interval(1n) sliding(1n);
-- @error
select count(*) from c35_ms.t1 interval(1y) sliding(1n);
-- @error
select count(*) from c35_ms.t1 interval(1u);
-- @error
select count(*) from c35_us.t1 interval(1b);
-- @error
select count(*) from c35_ms.t1 interval(1s, 1m);
select _wstart, count(*) from c35_ms.t1 interval(1n, 1n) order by _wstart;
-- @error
select count(*) from c35_ms.t1 interval(1d) sliding(1n);
-- FILL modes on one table, bounded by WHERE
select _wstart, count(v), avg(d) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(none) order by _wstart;
select _wstart, count(v), avg(d) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(null) order by _wstart;
select _wstart, count(v), avg(d) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(null_f) order by _wstart;
select _wstart, count(v), avg(d) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(value, 0, -1.5) order by _wstart;
select _wstart, count(v), avg(d) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(value_f, 0, -1.5) order by _wstart;
select _wstart, count(v), avg(d) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(prev) order by _wstart;
select _wstart, count(v), avg(d) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(next) order by _wstart;
select _wstart, count(v), avg(d) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(linear) order by _wstart;
select _wstart, max(v), last(s) from c35_us.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(null) order by _wstart;
select _wstart, max(v), last(s) from c35_us.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(value, 7, 7.5) order by _wstart;
select _wstart, max(v), last(s) from c35_us.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(prev) order by _wstart;
select _wstart, max(v), last(s) from c35_us.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(next) order by _wstart;
select _wstart, max(v), last(s) from c35_us.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(linear) order by _wstart;
select _wstart, _wend, sum(v), min(d) from c35_ns.t1 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(30s) fill(null) order by _wstart;
select _wstart, _wend, sum(v), min(d) from c35_ns.t1 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(30s) fill(prev) order by _wstart;
select _wstart, _wend, sum(v), min(d) from c35_ns.t1 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(30s) fill(linear) order by _wstart;
select _wstart, _wend, sum(v), min(d) from c35_ns.t1 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(30s) fill(value_f, 1, 1) order by _wstart;
-- FILL with sliding and with an offset
select _wstart, count(*), avg(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(40s) sliding(20s) fill(null) order by _wstart;
select _wstart, count(*), avg(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(40s) sliding(20s) fill(prev) order by _wstart;
select _wstart, count(*), avg(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(40s) sliding(20s) fill(linear) order by _wstart;
select _wstart, count(*), avg(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(30s, 10s) fill(value, 0, 0) order by _wstart;
select _wstart, count(*), avg(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(30s, 10s) fill(next) order by _wstart;
-- FILL under PARTITION BY
select tbname, _wstart, avg(v) from c35_ms.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by tbname interval(30s) fill(null) order by tbname, _wstart;
select tbname, _wstart, avg(v) from c35_ms.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by tbname interval(30s) fill(null_f) order by tbname, _wstart;
select tbname, _wstart, avg(v) from c35_ms.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by tbname interval(30s) fill(value, -1) order by tbname, _wstart;
select tbname, _wstart, avg(v) from c35_ms.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by tbname interval(30s) fill(value_f, -1) order by tbname, _wstart;
select tbname, _wstart, avg(v) from c35_ms.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by tbname interval(30s) fill(prev) order by tbname, _wstart;
select tbname, _wstart, avg(v) from c35_ms.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by tbname interval(30s) fill(next) order by tbname, _wstart;
select tbname, _wstart, avg(v) from c35_ms.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by tbname interval(30s) fill(linear) order by tbname, _wstart;
select tbname, _wstart, avg(v) from c35_ms.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by tbname interval(30s) fill(none) order by tbname, _wstart;
select g, _wstart, sum(v), count(*) from c35_us.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by g interval(30s) fill(null) order by g, _wstart;
select g, _wstart, sum(v), count(*) from c35_us.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by g interval(30s) fill(prev) order by g, _wstart;
select g, _wstart, sum(v), count(*) from c35_us.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by g interval(30s) fill(linear) order by g, _wstart;
select k, _wstart, max(d) from c35_ns.m where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' partition by k interval(1m) fill(value, 0) order by k, _wstart;
-- FILL over a calendar interval and a day interval bounded by WHERE
select _wstart, count(*), sum(v) from c35_ms.m where ts >= '2024-01-01' and ts < '2024-07-01' interval(1n) fill(value, 0, 0) order by _wstart;
select _wstart, count(*), avg(v) from c35_ms.m where ts >= '2024-01-01' and ts < '2024-07-01' interval(1n) fill(prev) order by _wstart;
select _wstart, avg(v) from c35_ms.m where ts >= '2024-01-01' and ts < '2024-01-08' interval(1d) fill(linear) order by _wstart;
select _wstart, avg(v) from c35_ms.m where ts >= '2024-01-01' and ts < '2024-01-08' interval(1d) fill(null) order by _wstart desc;
-- FILL refusals
-- @error
select _wstart, avg(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(value, 1, 2);
-- @error
select _wstart, avg(v), sum(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(value, 1);
-- @error
select _wstart, avg(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(prev, 1);
select _wstart, avg(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' interval(20s) fill(value, 'abc');
-- @error
select _wstart, avg(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' fill(prev);
-- @error
select avg(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' fill(null);
-- @error
select _wstart, avg(v) from c35_ms.t2 where ts >= '2024-01-01 00:00:00' and ts < '2024-01-01 00:02:30' session(ts, 10s) fill(null);
-- @error
select _wstart, count(*) from c35_ms.t2 interval(1s) fill(null);
-- INTERP: RANGE, EVERY, every FILL mode, _irowts, _isfilled, with PARTITION BY
select _irowts, _isfilled, interp(v) from c35_ms.t2 range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(null) order by _irowts;
select _irowts, _isfilled, interp(v) from c35_ms.t2 range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(null_f) order by _irowts;
select _irowts, _isfilled, interp(v) from c35_ms.t2 range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(value, -1) order by _irowts;
select _irowts, _isfilled, interp(v) from c35_ms.t2 range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(value_f, -1) order by _irowts;
select _irowts, _isfilled, interp(v) from c35_ms.t2 range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(prev) order by _irowts;
select _irowts, _isfilled, interp(v) from c35_ms.t2 range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(next) order by _irowts;
select _irowts, _isfilled, interp(v) from c35_ms.t2 range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(linear) order by _irowts;
select _irowts, _isfilled, interp(v) from c35_ms.t2 range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(near) order by _irowts;
select _irowts, interp(d) from c35_us.t2 range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(prev) order by _irowts;
select _irowts, interp(d) from c35_us.t2 range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(linear) order by _irowts;
select _irowts, interp(v) from c35_ns.t2 range('2024-01-01 00:00:00.000456789', '2024-01-01 00:01:00.000456789') every(10s) fill(linear) order by _irowts;
select tbname, _irowts, interp(v) from c35_ms.m partition by tbname range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(null) order by tbname, _irowts;
select tbname, _irowts, interp(v) from c35_ms.m partition by tbname range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(prev) order by tbname, _irowts;
select tbname, _irowts, interp(v) from c35_ms.m partition by tbname range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s) fill(linear) order by tbname, _irowts;
select _irowts, interp(v) from c35_ms.t2 range('2024-01-01 00:00:25') fill(prev);
select _irowts, interp(v) from c35_ms.t2 range('2024-01-01 00:00:20') fill(near);
-- @error
select _irowts, interp(v) from c35_ms.t2 range('2024-01-01 00:00:00', '2024-01-01 00:01:00') every(10s);
-- @error
select interp(v) from c35_ms.t2 every(10s) fill(null);
-- @error
select _irowts, interp(v) from c35_ms.t2 range('2024-01-01', '2024-01-02') every(1n) fill(null);
-- @error
select _irowts from c35_ms.t2;
-- SESSION windows
select _wstart, _wend, _wduration, count(*), sum(v) from c35_ms.m session(ts, 10s) order by _wstart;
select _wstart, _wend, _wduration, count(*), sum(v) from c35_ms.m session(ts, 20s) order by _wstart;
select _wstart, _wend, _wduration, count(*), sum(v) from c35_ms.m session(ts, 1m) order by _wstart;
select _wstart, _wend, _wduration, count(*), sum(v) from c35_ms.m session(ts, 1d) order by _wstart;
select _wstart, _wend, count(*) from c35_us.t1 session(ts, 30s) order by _wstart;
select _wstart, _wend, count(*) from c35_ns.t1 session(ts, 30s) order by _wstart;
select tbname, _wstart, _wend, count(*) from c35_ms.m partition by tbname session(ts, 25s) order by tbname, _wstart;
select _wstart, count(*) from c35_ms.t1 session(ts, 500a) order by _wstart;
select _wstart, count(*) from c35_ns.t1 session(ts, 1b) order by _wstart;
-- @error
select count(*) from c35_ms.t1 session(ts, 1n);
-- @error
select count(*) from c35_ms.t1 session(ts, -1s);
-- @error
select count(*) from c35_ms.t1 session(v, 10);
select count(*) from c35_ms.t1 session(ts, 10);
-- STATE windows
select _wstart, _wend, count(*), b from c35_ms.t1 state_window(b) order by _wstart;
select _wstart, _wend, count(*), s from c35_ms.t2 state_window(s) order by _wstart;
-- @error
select _wstart, count(*) from c35_ms.t1 state_window(v > 3) order by _wstart;
select _wstart, count(*), min(v) from c35_ms.t1 state_window(case when v < 3 then 'lo' when v < 6 then 'mid' else 'hi' end) order by _wstart;
select tbname, _wstart, _wend, count(*) from c35_us.m partition by tbname state_window(b) order by tbname, _wstart;
select _wstart, _wend, count(*) from c35_ms.t1 state_window(b) true_for(1s) order by _wstart;
select _wstart, _wend, _wduration, count(*) from c35_ns.t1 state_window(b) order by _wstart;
-- @error
select count(*) from c35_ms.t1 state_window(d);
-- @error
select count(*) from c35_ms.t1 state_window(b, v);
-- @error
select count(*) from c35_ms.t1 state_window(b) true_for(-1s);
-- EVENT windows
select _wstart, _wend, count(*), sum(v) from c35_ms.t1 event_window start with v >= 2 end with v >= 4 order by _wstart;
select _wstart, _wend, count(*) from c35_ms.t2 event_window start with s = 'y' end with s = 'z' order by _wstart;
select _wstart, _wend, count(*) from c35_us.t1 event_window start with b = true end with b = false order by _wstart;
select tbname, _wstart, _wend, count(*) from c35_ms.m partition by tbname event_window start with v > 1 end with v > 5 order by tbname, _wstart;
select _wstart, _wend, count(*) from c35_ms.t1 event_window start with d is null end with d is not null order by _wstart;
select _wstart, _wend, count(*) from c35_ms.t1 event_window start with v > 0 end with v > 0 true_for(5s) order by _wstart;
-- @error
select count(*) from c35_ms.t1 event_window start with v end with v > 1;
-- @error
select count(*) from c35_ms.t1 event_window start v > 1 end with v > 2;
-- COUNT windows
select _wstart, _wend, count(*), sum(v) from c35_ms.t1 count_window(3) order by _wstart;
select _wstart, _wend, count(*), sum(v) from c35_ms.t1 count_window(3, 2) order by _wstart;
select _wstart, _wend, count(*) from c35_ns.t1 count_window(2, 1) order by _wstart;
select _wstart, count(*), count(d) from c35_ms.t1 count_window(2, d) order by _wstart;
select tbname, _wstart, _wend, count(*) from c35_us.m partition by tbname count_window(2) order by tbname, _wstart;
-- @error
select count(*) from c35_ms.t1 count_window(2, 0);
-- @error
select count(*) from c35_ms.t1 count_window(2, 3);
-- @error
select count(*) from c35_ms.t1 count_window(1.5);
-- @error
select count(*) from c35_ms.t1 count_window(2147483647);
select _wstart, count(*) from c35_ms.t1 count_window(2, ts) order by _wstart;
-- window pseudo columns misused
-- @error
select _wend from c35_ms.t1;
-- @error
select _wstart, count(*) from c35_ms.t1 partition by tbname;
select _wduration, count(*) from c35_ms.t1 count_window(2);
-- @error
select _irowts, count(*) from c35_ms.t1 interval(10s);
-- @error
select _wstart from c35_ms.t1 interval(10s);
-- @ignore
drop database if exists c35_ms;
-- @ignore
drop database if exists c35_us;
-- @ignore
drop database if exists c35_ns;
