-- the shapes of SELECT users write: DISTINCT, GROUP BY with HAVING, ORDER BY positions/aliases/expressions/NULLS,
-- LIMIT/OFFSET/SLIMIT/SOFFSET, PARTITION BY with aggregates and selection functions, pseudo columns, tag-only queries,
-- select *, back-quoted aliases, IN/BETWEEN/LIKE/MATCH/NMATCH on tags, CASE WHEN, nested arithmetic, refusals
-- @ignore
drop database if exists c36_db;
create database c36_db vgroups 1;
create stable c36_db.st (ts timestamp, v int, f float, d double, s varchar(16), nc nchar(8), b bool, u bigint unsigned) tags (loc varchar(12), grp int, tn nchar(6), tb bool);
create table c36_db.c1 using c36_db.st tags ('north-1', 1, '甲', true);
create table c36_db.c2 using c36_db.st tags ('north-2', 1, '乙', false);
create table c36_db.c3 using c36_db.st tags ('south_1', 2, 'abc', true);
create table c36_db.c4 using c36_db.st tags (null, null, null, null);
create table c36_db.c5 using c36_db.st tags ('west', 3, 'xyz', false);
create table c36_db.nt (ts timestamp, v int, d double, s varchar(16));
insert into c36_db.c1 values ('2024-05-01 00:00:00.000', 1, 1.5, 10.25, 'alpha', '一', true, 100) ('2024-05-01 00:01:00.000', 2, 2.5, 20.5, 'beta', '二', false, 200) ('2024-05-01 00:02:00.000', 3, null, 30.75, 'alpha', null, true, 300) ('2024-05-01 00:03:00.000', null, 4.5, null, null, '四', null, null);
insert into c36_db.c2 values ('2024-05-01 00:00:30.000', 10, 10.5, 100.5, 'gamma', '丙', false, 1000) ('2024-05-01 00:01:30.000', 20, 20.5, 200.5, 'alpha', '丁', true, 2000) ('2024-05-01 00:02:30.000', 30, 30.5, 300.5, 'beta', '戊', false, 3000);
insert into c36_db.c3 values ('2024-05-01 00:00:00.000', -1, -1.5, -10.5, 'delta', 'd', true, 0) ('2024-05-01 00:05:00.000', -2, -2.5, -20.5, 'delta', 'e', false, 5);
insert into c36_db.c4 values ('2024-05-01 00:00:15.000', 7, 7.5, 70.5, 'null-tag', 'n', true, 7);
insert into c36_db.nt values ('2024-05-01 00:00:00.000', 5, 0.5, 'x') ('2024-05-01 00:00:01.000', 3, 1.5, 'y') ('2024-05-01 00:00:02.000', 5, null, 'x') ('2024-05-01 00:00:03.000', null, 2.5, null) ('2024-05-01 00:00:04.000', 1, 3.5, 'z');
-- select * on super, child and normal tables
select * from c36_db.st;
select * from c36_db.c1 order by ts;
select * from c36_db.c5;
select * from c36_db.nt order by ts desc;
select *, tbname from c36_db.st where grp = 2 order by ts;
select tbname, * from c36_db.st where v > 20;
select c1.* from c36_db.c1 c1 order by ts;
select nt.*, nt.v + 1 from c36_db.nt nt order by ts;
select * from c36_db.st where loc is null;
select * from c36_db.st order by ts desc, tbname limit 3;
select * from c36_db.st t where t.grp = 1 order by t.ts, t.v;
-- DISTINCT on columns, tags and tbname
select distinct s from c36_db.st;
select distinct s from c36_db.st order by s;
select distinct s from c36_db.st order by s desc nulls last;
select distinct loc from c36_db.st;
select distinct loc, grp from c36_db.st order by loc, grp;
select distinct grp from c36_db.st order by grp desc;
select distinct tn from c36_db.st;
select distinct tb from c36_db.st;
select distinct tbname from c36_db.st order by tbname;
select distinct tbname, loc from c36_db.st order by tbname;
select distinct b, s from c36_db.st where s is not null order by s, b;
select distinct v % 2 from c36_db.st order by 1;
select distinct upper(s) from c36_db.st order by 1;
select distinct loc from c36_db.st order by loc limit 2 offset 1;
select distinct s, v from c36_db.nt order by s, v;
select distinct grp + 1 from c36_db.st order by 1;
select distinct s as ss from c36_db.st order by ss;
select distinct ts from c36_db.st order by ts;
select distinct loc from c36_db.st where grp > 1;
select distinct count(*) from c36_db.st;
select distinct s, count(*) from c36_db.st group by s;
select distinct tbname, count(*) from c36_db.st partition by tbname;
-- @error
select count(*), distinct s from c36_db.st;
-- @error
select distinct s from c36_db.st order by v;
select distinct * from c36_db.nt;
-- GROUP BY columns, tags, tbname and expressions with HAVING
select s, count(*) from c36_db.st group by s;
select s, count(*), sum(v) from c36_db.st group by s order by s;
select s, count(*) from c36_db.st group by s having count(*) > 1 order by s;
select loc, count(*), max(v) from c36_db.st group by loc order by loc;
select grp, avg(d) from c36_db.st group by grp order by grp nulls last;
select tbname, count(*) from c36_db.st group by tbname order by tbname;
select tbname, loc, count(*) from c36_db.st group by tbname, loc order by tbname;
select grp, b, count(*) from c36_db.st group by grp, b order by grp, b;
select v % 2, count(*) from c36_db.st group by v % 2 order by 1;
select v % 2 as par, count(*) from c36_db.st group by v % 2 order by par;
select upper(s), count(*) from c36_db.st group by upper(s) order by 1;
select cast(d as int) / 100, count(*) from c36_db.st group by cast(d as int) / 100 order by 1;
select timetruncate(ts, 1m), count(*) from c36_db.st group by timetruncate(ts, 1m) order by 1;
select grp, count(*) from c36_db.st group by grp having grp > 1 order by grp;
select grp, count(*) from c36_db.st group by grp having sum(v) > 5 order by grp;
-- @error
select grp, count(*) c from c36_db.st group by grp having c >= 3 order by grp;
select grp, count(*) c from c36_db.st group by grp order by c desc, grp;
select grp, count(*) from c36_db.st group by grp having count(*) > 1 and max(v) < 100 order by grp;
select s, max(v) - min(v) from c36_db.st group by s having max(v) - min(v) > 0 order by s;
select loc, count(*) from c36_db.st group by loc having loc like 'north%' order by loc;
select count(*) from c36_db.st group by grp order by count(*);
select grp, count(*) from c36_db.st group by 1 order by 1;
-- @error
select s, v from c36_db.st group by s;
-- @error
select s, count(*) from c36_db.st group by s having v > 1;
-- @error
select count(*) from c36_db.st having count(*) > 1;
-- @error
select count(*) from c36_db.st having count(*) > 100;
select v, count(*) from c36_db.nt group by v order by v desc;
select s, sum(d) from c36_db.nt group by s order by s;
select b, count(*), first(ts), last(ts) from c36_db.st group by b order by b;
select tb, count(*) from c36_db.st group by tb order by tb;
select tn, count(*) from c36_db.st group by tn order by tn;
select loc, grp, count(*) from c36_db.st group by loc, grp having grp is not null order by loc;
select count(*), grp from c36_db.st group by grp order by 2;
select grp * 10 + 1, count(*) from c36_db.st group by grp * 10 + 1 order by 1;
select grp, count(*) from c36_db.st where v > 0 group by grp order by grp;
select s, count(*) from c36_db.st group by s order by count(*) desc, s;
-- ORDER BY positions, aliases, expressions, NULLS FIRST/LAST
select tbname, v from c36_db.st order by 2, 1;
select tbname, v from c36_db.st order by 2 desc, 1;
select tbname, v from c36_db.st order by 2 nulls first, 1;
select tbname, v from c36_db.st order by 2 desc nulls last, 1;
select tbname, v as val from c36_db.st order by val, tbname;
select tbname, v as `Val Col` from c36_db.st order by `Val Col` desc, tbname;
select tbname, v, d from c36_db.st order by v * 2 - d, tbname;
select tbname, v from c36_db.st order by abs(v), tbname;
select tbname, s from c36_db.st order by s nulls first, tbname, ts;
select tbname, s from c36_db.st order by s desc nulls first, tbname, ts;
select tbname, s from c36_db.st order by length(s), s, tbname;
select tbname, ts, loc from c36_db.st order by loc nulls last, ts, tbname;
select tbname, ts, grp from c36_db.st order by grp desc, ts desc, tbname;
select tbname, ts from c36_db.st order by tbname desc, ts;
select v, d from c36_db.nt order by v, d;
select v, d from c36_db.nt order by v desc, d desc;
select v, d from c36_db.nt order by v nulls last, d nulls first;
select ts, v from c36_db.nt order by ts desc;
select ts, v from c36_db.nt order by 1 desc;
-- @error
select v from c36_db.nt order by 2;
-- @error
select v from c36_db.nt order by 0;
select v from c36_db.nt order by -1;
select v from c36_db.nt order by d;
-- @error
select v from c36_db.nt order by nosuch;
-- @error
select v as a, d as a from c36_db.nt order by a;
select ts, v from c36_db.nt order by case when v > 3 then 0 else 1 end, ts;
select tbname, v, b from c36_db.st order by b, v;
select tbname, tn from c36_db.st order by tn, tbname;
select tbname, u from c36_db.st order by u desc, tbname;
select ts, v from c36_db.nt order by ts nulls first;
-- LIMIT, OFFSET, SLIMIT, SOFFSET
select ts, v from c36_db.nt order by ts limit 2;
select ts, v from c36_db.nt order by ts limit 2 offset 2;
select ts, v from c36_db.nt order by ts limit 1, 2;
select ts, v from c36_db.nt order by ts desc limit 10 offset 4;
select ts, v from c36_db.nt order by ts limit 0 offset 1;
select tbname, ts, v from c36_db.st order by ts, tbname limit 5;
select tbname, ts, v from c36_db.st order by ts, tbname limit 5 offset 5;
select tbname, count(*) from c36_db.st partition by tbname order by tbname limit 2;
select tbname, count(*) from c36_db.st group by tbname order by tbname limit 2 offset 1;
-- @skip-values
select tbname, count(*) from c36_db.st partition by tbname slimit 2 soffset 1;
select tbname, ts, v from c36_db.st partition by tbname order by tbname, ts limit 1;
-- @skip-values
select tbname, ts, v from c36_db.st partition by tbname limit 1;
-- @skip-values
select tbname, ts, v from c36_db.st partition by tbname limit 1 offset 1;
-- @skip-values
select tbname, ts, v from c36_db.st partition by tbname slimit 1;
select tbname, ts, v from c36_db.st partition by tbname slimit 1 soffset 10;
-- @error
select tbname, ts, v from c36_db.st partition by tbname limit 2 slimit 2;
-- @skip-values
select tbname, ts, v from c36_db.st partition by tbname slimit 2 limit 2;
select tbname, ts, v from c36_db.st partition by tbname order by tbname, ts slimit 2 soffset 1 limit 1 offset 1;
select ts, v from c36_db.nt limit 2 offset 10;
-- @error
select ts, v from c36_db.nt slimit 1;
-- @error
select count(*) from c36_db.st slimit 1;
-- @error
select ts, v from c36_db.nt limit 2, -1;
-- @error
select ts, v from c36_db.nt limit 1.5;
-- @error
select ts, v from c36_db.nt limit 1 soffset 1;
-- @error
select ts, v from c36_db.nt offset 1;
-- @error
select ts, v from c36_db.nt limit 1 limit 2;
select ts, v from c36_db.nt limit 9223372036854775807;
-- PARTITION BY with aggregates and selection functions
select tbname, count(*), sum(v), avg(d) from c36_db.st partition by tbname;
select loc, count(*), max(v) from c36_db.st partition by loc;
select grp, spread(v), min(d) from c36_db.st partition by grp;
select tbname, first(v), last(v), last_row(s) from c36_db.st partition by tbname;
select tbname, max(v), ts from c36_db.st partition by tbname;
select tbname, min(d), s from c36_db.st partition by tbname;
select tbname, top(v, 2) from c36_db.st partition by tbname order by tbname, 2;
select tbname, bottom(v, 1) from c36_db.st partition by tbname order by tbname;
select tbname, first(*) from c36_db.st partition by tbname;
select tbname, last(*) from c36_db.st partition by tbname;
select tbname, ts, v, csum(v) from c36_db.st partition by tbname order by tbname, ts;
select tbname, ts, diff(v) from c36_db.st partition by tbname order by tbname, ts;
select grp, tbname, count(*) from c36_db.st partition by grp, tbname order by grp, tbname;
select v % 2, count(*) from c36_db.st partition by v % 2 order by 1;
select tbname, count(*) from c36_db.st partition by tbname having count(*) > 2 order by tbname;
select tbname, ts, v from c36_db.st partition by tbname order by tbname, ts;
select b, count(*), sum(v) from c36_db.st partition by b order by b;
select loc, avg(v) from c36_db.st where grp is not null partition by loc order by loc;
select count(*) from c36_db.st partition by loc;
select tbname, unique(s) from c36_db.st partition by tbname order by tbname, 2;
select tbname, mode(s) from c36_db.st where tbname in ('c2', 'c3') partition by tbname order by tbname;
-- @error
select tbname, v from c36_db.st partition by tbname group by tbname;
-- @error
select loc, count(*) from c36_db.st partition by grp;
-- pseudo columns: tbname, _rowts, _c0, _qstart, _qend
select tbname, _rowts, v from c36_db.st where v > 10 order by _rowts;
select _c0, v from c36_db.nt order by _c0;
select _rowts, _c0 from c36_db.c1 order by 1;
select tbname, _c0 from c36_db.st where tbname = 'c3' order by _c0;
select _qstart, _qend, count(*) from c36_db.st where ts >= '2024-05-01 00:00:00' and ts < '2024-05-01 00:02:00';
select _qstart, _qend, count(*) from c36_db.st where ts > '2024-05-01 00:00:00';
select _qstart, count(*) from c36_db.nt where ts between '2024-05-01 00:00:01' and '2024-05-01 00:00:03';
select _qstart, _qend, _wstart, count(*) from c36_db.nt where ts >= '2024-05-01' and ts < '2024-05-01 00:00:04' interval(2s) order by _wstart;
select _qstart from c36_db.nt;
select _qend, v from c36_db.nt;
-- @error
select max(_rowts), min(_c0) from c36_db.st;
select first(_rowts), last(_c0), count(_rowts) from c36_db.st;
select last(_rowts) from c36_db.nt;
select tbname from c36_db.st where tbname like 'c%' order by tbname;
select tbname, count(*) from c36_db.st where tbname in ('c1', 'c3', 'nope') group by tbname order by tbname;
select tbname from c36_db.c2;
select tbname from c36_db.nt;
select length(tbname), upper(tbname) from c36_db.st where v = 1;
select _rowts + 1s, _c0 - 1a from c36_db.nt where v = 5 order by 1;
-- tag-only queries on a super table
select loc, grp from c36_db.st;
select tbname, loc, grp, tn, tb from c36_db.st where ts < '2024-05-01 00:00:01';
select distinct tbname, grp, tn, tb from c36_db.st order by tbname;
select tags loc, grp from c36_db.st;
select tags tbname, loc from c36_db.st order by tbname;
select tags loc from c36_db.st where grp = 1 order by loc;
select tags * from c36_db.st;
select tags loc, v from c36_db.st;
select count(*) from (select tags tbname from c36_db.st);
-- @error
select count(distinct loc) from c36_db.st;
select loc, count(*) from c36_db.st where tb = true group by loc order by loc;
select tbname from c36_db.st where grp is null;
select tags grp from c36_db.st where loc is not null order by grp;
select loc from c36_db.c3;
select distinct loc, upper(tn) from c36_db.st where grp < 3 order by loc;
-- aliases with back-quotes and names
select v as `value`, d `Double Col`, s as `select` from c36_db.nt order by ts;
select `v`, `d` from c36_db.nt order by `ts`;
select v `v` from c36_db.nt order by v;
select v + 1 as `v+1`, `v` * 2 from c36_db.nt order by ts;
select count(*) `cnt`, max(v) as `max-v` from c36_db.st;
select v as `` from c36_db.nt;
-- @error
select v as 1abc from c36_db.nt;
-- @error
select v as 'abc' from c36_db.nt;
-- @error
select v as "dq" from c36_db.nt order by ts;
select tbname as `tbname`, loc from c36_db.st where v = 1;
select t.`v` from c36_db.nt t order by t.ts;
-- @error
select `tbname`, `loc` from c36_db.st where v = 1;
select v as abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcd from c36_db.nt where v = 1;
select v as abcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcdefghijabcde from c36_db.nt where v = 1;
select v + d + v + d + v + d + v + d + v + d + v + d + v + d + v + d + v + d from c36_db.nt where v = 1;
-- IN, NOT IN, BETWEEN, LIKE, MATCH, NMATCH on tags
select tbname, v from c36_db.st where loc in ('north-1', 'west') order by tbname, ts;
select tbname, v from c36_db.st where loc not in ('north-1', 'west') order by tbname, ts;
select tbname, v from c36_db.st where grp in (1, 3) order by tbname, ts;
select tbname, v from c36_db.st where grp not in (1) order by tbname, ts;
select tbname, v from c36_db.st where grp in (1, null) order by tbname, ts;
select tbname, v from c36_db.st where grp not in (1, null) order by tbname, ts;
select tbname, v from c36_db.st where grp between 2 and 3 order by tbname, ts;
select tbname, v from c36_db.st where grp not between 2 and 3 order by tbname, ts;
select tbname, v from c36_db.st where loc between 'north-2' and 'z' order by tbname, ts;
select tbname, v from c36_db.st where loc like 'north%' order by tbname, ts;
select tbname, v from c36_db.st where loc like 'south\_%' order by tbname, ts;
select tbname, v from c36_db.st where loc like '%-_' order by tbname, ts;
select tbname, v from c36_db.st where loc not like 'north%' order by tbname, ts;
select tbname, v from c36_db.st where loc match '^north-[0-9]$' order by tbname, ts;
select tbname, v from c36_db.st where loc nmatch 'north' order by tbname, ts;
select tbname, v from c36_db.st where tn match '甲|abc' order by tbname, ts;
select tbname, v from c36_db.st where tn like '乙' order by tbname, ts;
select tbname, v from c36_db.st where tb = true order by tbname, ts;
select tbname, v from c36_db.st where tb order by tbname, ts;
-- @error
select tbname, v from c36_db.st where not tb order by tbname, ts;
select tbname, v from c36_db.st where tb = false order by tbname, ts;
select tbname, v from c36_db.st where tbname match 'c[13]' order by tbname, ts;
select tbname, v from c36_db.st where tbname not in ('c1', 'c2') order by tbname, ts;
select tbname, v from c36_db.st where tbname between 'c2' and 'c3' order by tbname, ts;
select tbname, v from c36_db.st where loc in ('north-1') and v in (1, 3) order by tbname, ts;
select tbname, v from c36_db.st where grp in ('1', '3') order by tbname, ts;
-- @error
select tbname, v from c36_db.st where loc match '[' order by tbname, ts;
-- @error
select tbname, v from c36_db.st where grp match '1';
-- @error
select tbname, v from c36_db.st where grp like '1%';
-- @error
select tbname, v from c36_db.st where loc in (select loc from c36_db.st);
select tbname, v from c36_db.st where grp between 3 and 2;
-- CASE WHEN in projections
select ts, v, case when v > 3 then 'big' when v > 1 then 'mid' else 'small' end from c36_db.nt order by ts;
select ts, case v when 5 then 'five' when 3 then 'three' end from c36_db.nt order by ts;
select ts, case when v is null then -1 else v * 10 end as x from c36_db.nt order by ts;
select tbname, case when grp = 1 then loc else 'other' end from c36_db.st where ts < '2024-05-01 00:00:31' order by tbname;
select tbname, case tb when true then 'T' when false then 'F' else 'N' end, count(*) from c36_db.st group by tbname, tb order by tbname;
select case when v > 3 then 'big' else 'small' end as k, count(*) from c36_db.nt group by case when v > 3 then 'big' else 'small' end order by k;
select ts, case when d > 1 then d else v end from c36_db.nt order by ts;
select ts, case when s = 'x' then 1 when s = 'y' then 2.5 end from c36_db.nt order by ts;
select ts, case when v > 3 then s end from c36_db.nt order by ts;
select sum(case when v > 3 then 1 else 0 end), count(case when s = 'x' then 1 end) from c36_db.nt;
select ts, case when v > 1 then case when v > 4 then 'hi' else 'mid' end else 'lo' end from c36_db.nt order by ts;
-- @error
select ts, case when then 1 end from c36_db.nt;
-- @error
select ts, case v end from c36_db.nt;
select ts, case when v > 1 then 1 else 'a' end from c36_db.nt order by ts;
-- nested arithmetic
select ts, (v + 1) * (d - 1) / 2, -(-v), v % 3 * 2 from c36_db.nt order by ts;
select ts, ((v * 2) + (d / 4)) - (v - d) * 3 from c36_db.nt order by ts;
select ts, v / 0, v % 0, -v / 2 from c36_db.nt order by ts;
select ts, abs(v - 4) * sqrt(abs(d)) + round(d, 0) from c36_db.nt order by ts;
select tbname, v * grp + 1, u + 1, u - 1000 from c36_db.st where v > 0 order by tbname, ts;
select sum(v) / count(v), avg(v) * 2, max(v) - min(v) + 1 from c36_db.st;
select grp, sum(v) * 1.0 / count(*) from c36_db.st group by grp order by grp;
select ts, v + f + d from c36_db.st where tbname = 'c2' order by ts;
select ts, 1 + 2 * 3 - 4 / 2, (1 + 2) * 3, 7 % 4 from c36_db.nt where v = 1;
select ts, v + 'a' from c36_db.nt order by ts;
select ts, v + s from c36_db.nt order by ts;
select ts, v + b from c36_db.st where tbname = 'c1' order by ts;
-- @error
select (v + 1 from c36_db.nt;
select v + + 1, v - - 1 from c36_db.nt order by ts;
-- @error
select v * from c36_db.nt;
-- refusals of other shapes
-- @error
select from c36_db.st;
-- @error
select * from c36_db.st where;
-- @error
select * from c36_db.st group by;
-- @error
select * from c36_db.st order by;
-- @error
select v from c36_db.nt group by s;
-- @error
select count(*) from c36_db.nt where count(*) > 1;
-- @error
select sum(count(*)) from c36_db.nt;
-- @error
select * from c36_db.nosuch;
-- @error
select nosuch from c36_db.nt;
-- @error
select tbname, count(*) from c36_db.st;
-- @error
select loc, count(*) from c36_db.st;
-- @error
select * from c36_db.nt having v > 1;
-- @error
select distinct from c36_db.nt;
-- @error
select v from c36_db.nt order by count(*);
-- @error
select ts, v from c36_db.nt limit;
select tags tbname from c36_db.nt;
-- @ignore
drop database if exists c36_db;
