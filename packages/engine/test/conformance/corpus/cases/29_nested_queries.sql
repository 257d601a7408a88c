-- nested queries: subqueries in FROM with aggregates over aggregates, windows over a subquery, partitions inside,
-- UNION ALL inside and outside, joins of subqueries, ORDER BY / LIMIT at both levels, and what TDengine refuses
-- @ignore
drop database if exists p_nq;
create database p_nq vgroups 1;
create stable p_nq.m (ts timestamp, v int, f double, s varchar(8)) tags (loc varchar(8), g int);
create table p_nq.a using p_nq.m tags ('east', 1);
create table p_nq.b using p_nq.m tags ('west', 1);
create table p_nq.c using p_nq.m tags ('east', 2);
create table p_nq.n (ts timestamp, k int, label varchar(8));
insert into p_nq.a values ('2024-09-01 00:00:00.000', 1, 1.5, 'x') ('2024-09-01 00:01:00.000', 2, 2.5, 'y') ('2024-09-01 00:02:00.000', 3, 3.5, 'x') ('2024-09-01 00:03:00.000', 4, null, 'z');
insert into p_nq.b values ('2024-09-01 00:00:00.000', 10, 10.5, 'x') ('2024-09-01 00:01:30.000', 20, 20.5, 'y') ('2024-09-01 00:03:00.000', 30, 30.5, null);
insert into p_nq.c values ('2024-09-01 00:00:30.000', 100, 100.5, 'y') ('2024-09-01 00:02:30.000', 200, 200.5, 'y');
insert into p_nq.n values ('2024-09-01 00:00:00.000', 1, 'one') ('2024-09-01 00:01:00.000', 2, 'two') ('2024-09-01 00:03:00.000', 3, 'three');
-- aggregates over a subquery
select count(*), sum(v), max(f) from (select ts, v, f from p_nq.m);
select avg(cnt), max(cnt) from (select tbname, count(*) cnt from p_nq.m partition by tbname);
-- @ordered
select loc, sum(total) from (select loc, tbname, sum(v) total from p_nq.m partition by loc, tbname) group by loc order by loc;
select count(*) from (select distinct s from p_nq.m);
-- @ordered
select s, count(*) from (select ts, s from p_nq.m where s is not null) group by s order by s;
select max(v) - min(v) from (select v from p_nq.m where loc = 'east');
-- @ordered
select * from (select tbname, ts, v from p_nq.m where v > 3) order by v;
-- @ordered
select tbname, v from (select tbname, v from p_nq.m order by v desc limit 4) order by v;
-- @ordered
select v2 from (select v * 2 as v2 from p_nq.a) where v2 > 2 order by v2;
-- @ordered
select ts, v from (select ts, v from p_nq.m where loc = 'west') order by ts desc limit 2;
-- windows over a subquery (the subquery keeps its timestamp)
-- @ordered
select _wstart, count(*), sum(v) from (select ts, v from p_nq.m) interval(1m) order by _wstart;
-- @ordered
select _wstart, max(v) from (select ts, v from p_nq.a order by ts) interval(2m) order by _wstart;
-- @ordered
select _wstart, count(*) from (select ts, v from p_nq.m where v < 100 order by ts) session(ts, 40s) order by _wstart;
-- @ordered
select _wstart, count(*) from (select ts, s from p_nq.a order by ts) state_window(s) order by _wstart;
-- @ordered
select _wstart, sum(v) from (select ts, v from p_nq.b order by ts) interval(1m) fill(value, 0) order by _wstart;
-- aggregates over windows
-- @ordered
select max(c) from (select _wstart, count(*) c from p_nq.m interval(1m));
-- @ordered
select avg(s1) from (select _wstart w, sum(v) s1 from p_nq.m interval(1m) fill(value, 0));
-- @ordered
select tbname, max(c) from (select tbname, _wstart, count(*) c from p_nq.m partition by tbname interval(2m)) group by tbname order by tbname;
-- @ordered
select w, c from (select _wstart w, count(*) c from p_nq.m interval(1m)) where c > 1 order by w;
-- three levels
select count(*) from (select ts, v from (select ts, v from (select ts, v from p_nq.m where v > 1) where v < 200) where v <> 20);
-- @ordered
select sum(c) from (select tbname, count(*) c from (select tbname, ts, v from p_nq.m where v >= 2) partition by tbname);
-- functions over subquery columns
-- @ordered
select ts, csum(v) from (select ts, v from p_nq.a order by ts);
-- @ordered
select ts, diff(v) from (select ts, v from p_nq.b order by ts);
-- @ordered
select first(v), last(v) from (select ts, v from p_nq.c order by ts);
-- @ordered
select top(v, 2) from (select ts, v from p_nq.m);
-- UNION ALL
-- @ordered
select v from p_nq.a union all select v from p_nq.b order by v;
-- @ordered
select count(*) from (select v from p_nq.a union all select v from p_nq.c);
-- @ordered
select loc, sum(v) from (select loc, v from p_nq.a union all select loc, v from p_nq.c) group by loc order by loc;
-- @ordered
select s from p_nq.a union select s from p_nq.b order by s;
-- @ordered
select tbname, v from (select tbname, v from p_nq.a union all select tbname, v from p_nq.b) where v > 2 order by v;
-- joins of subqueries and of a subquery with a table
-- @ordered
select x.ts, x.v, y.k from (select ts, v from p_nq.a) x, p_nq.n y where x.ts = y.ts order by x.ts;
-- @ordered
select x.ts, x.v, y.v from p_nq.a x join p_nq.b y on x.ts = y.ts order by x.ts;
-- @ordered
select x.ts, x.v, y.label from p_nq.a x left join p_nq.n y on x.ts = y.ts order by x.ts;
-- @ordered
select x.ts, x.v, y.label from (select ts, v from p_nq.a order by ts) x join (select ts, label from p_nq.n order by ts) y on x.ts = y.ts order by x.ts;
-- IN / EXISTS style subqueries and scalar subqueries
-- @error
select ts, v from p_nq.a where v in (select k from p_nq.n);
-- @error
select ts, v from p_nq.a where v = (select max(k) from p_nq.n);
-- @error
select (select count(*) from p_nq.n) from p_nq.a;
-- @error
select ts from p_nq.a where exists (select 1 from p_nq.n);
-- refusals and column names
-- @error
select _wstart, count(*) from (select v from p_nq.m) interval(1m);
-- @error
select * from (select ts, v from p_nq.m) as x, (select ts, v from p_nq.m) as y;
-- @error
select nosuch from (select ts, v from p_nq.m);
-- @error
select v from (select ts, v from p_nq.nosuch);
-- @error
select * from (select ts, v from p_nq.a union all select ts from p_nq.b);
-- @ordered
select `count(*)` from (select count(*) from p_nq.m);
-- @ordered
select c from (select count(*) as c, sum(v) as t from p_nq.m group by loc) order by c;
-- @ordered
select * from (select loc, count(*) from p_nq.m group by loc) order by loc;
-- @ordered
select loc, cnt from (select loc, count(*) cnt from p_nq.m group by loc having count(*) > 3) order by loc;
-- @ordered
select tbname, ts, v from (select tbname, ts, v from p_nq.m partition by tbname order by v limit 1) order by tbname;
drop database p_nq;
