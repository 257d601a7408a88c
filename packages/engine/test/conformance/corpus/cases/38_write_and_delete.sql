-- writes and deletes: INSERT forms, every type at its limits, timestamps at each precision, duplicates (update),
-- keep-range refusals, auto-create, INSERT ... SELECT, JSON tags, DELETE by time and tag, what is read back after each
-- @ignore
drop database if exists c38_w;
-- @ignore
drop database if exists c38_us;
-- @ignore
drop database if exists c38_ns;
-- @ignore
drop database if exists c38_k;
-- @ignore
drop database if exists c38_j;
create database c38_w vgroups 1;
create stable c38_w.ty (ts timestamp, b bool, ti tinyint, si smallint, i int, bi bigint, uti tinyint unsigned, usi smallint unsigned, ui int unsigned, ubi bigint unsigned, f float, d double, vc varchar(5), nc nchar(3), vb varbinary(4), g geometry(64)) tags (k int);
create table c38_w.t0 using c38_w.ty tags (0);
-- every type at its boundaries
insert into c38_w.t0 values ('2024-01-01 00:00:00', true, -128, -32768, -2147483648, -9223372036854775808, 0, 0, 0, 0, -3.4e38, -1.7e308, '', '', '', 'POINT(0 0)');
insert into c38_w.t0 values ('2024-01-01 00:00:01', false, 127, 32767, 2147483647, 9223372036854775807, 255, 65535, 4294967295, 18446744073709551615, 3.4e38, 1.7e308, 'abcde', '中文字', '\x01020304', 'LINESTRING(0 0, 1 1)');
insert into c38_w.t0 values ('2024-01-01 00:00:02', null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
insert into c38_w.t0 values ('2024-01-01 00:00:03', 1, '12', '-7', 3.9, -2.5, '200', 1e3, 1.5e9, '18446744073709551614', '1.25', 2, 'äb', 'é', 'ab', 'POINT(1.5 -2)');
-- @ordered
select * from c38_w.t0 order by ts;
-- @ordered
select ts, cast(bi as varchar(24)), cast(ubi as varchar(24)), f, d from c38_w.t0 order by ts;
-- @ordered
select ts, length(vc), char_length(nc), length(vb), st_astext(g) from c38_w.t0 order by ts;
select count(*), count(b), count(ti), count(vc), count(g) from c38_w.t0;
-- overflow refusals, one type at a time
-- @error
insert into c38_w.t0 (ts, ti) values ('2024-01-01 00:00:09', 128);
-- @error
insert into c38_w.t0 (ts, ti) values ('2024-01-01 00:00:09', -129);
-- @error
insert into c38_w.t0 (ts, ti) values ('2024-01-01 00:00:09', '300');
-- @error
insert into c38_w.t0 (ts, ti) values ('2024-01-01 00:00:09', 1e3);
-- @error
insert into c38_w.t0 (ts, si) values ('2024-01-01 00:00:09', 32768);
-- @error
insert into c38_w.t0 (ts, si) values ('2024-01-01 00:00:09', -32769);
-- @error
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:09', 2147483648);
-- @error
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:09', -2147483649);
-- @error
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:09', '2147483648');
-- @error
insert into c38_w.t0 (ts, bi) values ('2024-01-01 00:00:09', 9223372036854775808);
-- @error
insert into c38_w.t0 (ts, bi) values ('2024-01-01 00:00:09', -9223372036854775809);
-- @error
insert into c38_w.t0 (ts, bi) values ('2024-01-01 00:00:09', 1e19);
-- @error
insert into c38_w.t0 (ts, uti) values ('2024-01-01 00:00:09', 256);
-- @error
insert into c38_w.t0 (ts, uti) values ('2024-01-01 00:00:09', -1);
-- @error
insert into c38_w.t0 (ts, usi) values ('2024-01-01 00:00:09', 65536);
-- @error
insert into c38_w.t0 (ts, usi) values ('2024-01-01 00:00:09', -1);
-- @error
insert into c38_w.t0 (ts, ui) values ('2024-01-01 00:00:09', 4294967296);
-- @error
insert into c38_w.t0 (ts, ui) values ('2024-01-01 00:00:09', -1);
-- @error
insert into c38_w.t0 (ts, ubi) values ('2024-01-01 00:00:09', 18446744073709551616);
-- @error
insert into c38_w.t0 (ts, ubi) values ('2024-01-01 00:00:09', -1);
-- @error
insert into c38_w.t0 (ts, ubi) values ('2024-01-01 00:00:09', '-1');
-- @error
insert into c38_w.t0 (ts, f) values ('2024-01-01 00:00:09', 3.5e38);
-- @error
insert into c38_w.t0 (ts, f) values ('2024-01-01 00:00:09', -3.5e38);
-- @error
insert into c38_w.t0 (ts, f) values ('2024-01-01 00:00:09', 1e39);
-- @error
insert into c38_w.t0 (ts, d) values ('2024-01-01 00:00:09', 1.8e308);
-- @error
insert into c38_w.t0 (ts, d) values ('2024-01-01 00:00:09', -1e309);
-- @error
insert into c38_w.t0 (ts, vc) values ('2024-01-01 00:00:09', 'abcdef');
-- @error
insert into c38_w.t0 (ts, vc) values ('2024-01-01 00:00:09', 'äbcde');
-- @error
insert into c38_w.t0 (ts, nc) values ('2024-01-01 00:00:09', '四个字符');
-- @error
insert into c38_w.t0 (ts, nc) values ('2024-01-01 00:00:09', 'abcd');
-- @error
insert into c38_w.t0 (ts, vb) values ('2024-01-01 00:00:09', '\x0102030405');
-- @error
insert into c38_w.t0 (ts, vb) values ('2024-01-01 00:00:09', 'abcde');
-- @error
insert into c38_w.t0 (ts, g) values ('2024-01-01 00:00:09', 'POINT(1)');
-- @error
insert into c38_w.t0 (ts, g) values ('2024-01-01 00:00:09', 'not wkt');
-- @error
insert into c38_w.t0 (ts, g) values ('2024-01-01 00:00:09', 'POLYGON((0 0, 1 0, 1 1, 0 1, 0 0), (0 0))');
-- @error
insert into c38_w.t0 (ts, b) values ('2024-01-01 00:00:09', 'maybe');
-- @error
insert into c38_w.t0 (ts, b) values ('2024-01-01 00:00:09', 'yes');
-- @error
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:09', '12abc');
-- @error
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:09', true);
-- @error
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:09', 'true');
-- @error
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:09', '');
-- @error
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:09', ' 42 ');
-- @error
insert into c38_w.t0 (ts, ti) values ('2024-01-01 00:00:09', true);
select count(*) from c38_w.t0 where ts = '2024-01-01 00:00:09';
-- values that are accepted and converted
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:10', '0x1A');
select i from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:10', '0b101');
select i from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:10', 1.5e2);
select i from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:10', '0x10');
select i from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, i) values ('2024-01-01 00:00:10', '1e2');
select i from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, b) values ('2024-01-01 00:00:10', 'true');
select b from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, b) values ('2024-01-01 00:00:10', 0);
select b from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, b) values ('2024-01-01 00:00:10', -3);
select b from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, b) values ('2024-01-01 00:00:10', 'FALSE');
select b from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, f) values ('2024-01-01 00:00:10', '1e-50');
select f from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, d) values ('2024-01-01 00:00:10', '  -0.5');
select d from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, ubi) values ('2024-01-01 00:00:10', '0x10');
select ubi from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, vc) values ('2024-01-01 00:00:10', 123);
select vc from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, vc) values ('2024-01-01 00:00:10', true);
select vc from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, nc) values ('2024-01-01 00:00:10', 1.5);
select nc from c38_w.t0 where ts = '2024-01-01 00:00:10';
insert into c38_w.t0 (ts, bi) values ('2024-01-01 00:00:10', '-0');
select bi from c38_w.t0 where ts = '2024-01-01 00:00:10';
-- several rows, several tables, column lists in any order
create table c38_w.t1 using c38_w.ty tags (1) c38_w.t2 using c38_w.ty tags (2);
insert into c38_w.t1 (vc, ts, i) values ('a', '2024-01-02 00:00:00', 1) ('b', '2024-01-02 00:00:01', 2) c38_w.t2 (i, ts) values (10, '2024-01-02 00:00:00') c38_w.t1 (ts, i) values ('2024-01-02 00:00:02', 3);
-- @ordered
select tbname, ts, i, vc from c38_w.ty where ts >= '2024-01-02' order by tbname, ts;
insert into c38_w.t1 (ts, i) values ('2024-01-02 00:00:03', 4) c38_w.t1 (ts, vc) values ('2024-01-02 00:00:04', 'e');
-- @ordered
select ts, i, vc from c38_w.t1 order by ts;
select count(*) from c38_w.ty where ts >= '2024-01-02';
-- duplicate timestamps in one statement and across statements
insert into c38_w.t2 values ('2024-01-03 00:00:00', true, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 'one', 'one', 'one', 'POINT(1 1)') ('2024-01-03 00:00:00', false, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 'two', 'two', 'two', 'POINT(2 2)');
select b, ti, vc, nc, st_astext(g) from c38_w.t2 where ts = '2024-01-03 00:00:00';
insert into c38_w.t2 (ts, i) values ('2024-01-03 00:00:00', 99);
select b, ti, i, vc from c38_w.t2 where ts = '2024-01-03 00:00:00';
insert into c38_w.t2 (ts, vc) values ('2024-01-03 00:00:00', 'new') ('2024-01-03 00:00:00', null);
select i, vc from c38_w.t2 where ts = '2024-01-03 00:00:00';
insert into c38_w.t2 (ts, i) values ('2024-01-03 00:00:01', 5) c38_w.t2 (ts, i) values ('2024-01-03 00:00:01', 6);
select i from c38_w.t2 where ts = '2024-01-03 00:00:01';
insert into c38_w.t2 (ts, i) values (1704240002000, 7) ('2024-01-03 00:00:02', 8) ('2024-01-03T00:00:02Z', 9);
select i from c38_w.t2 where ts = '2024-01-03 00:00:02';
select count(*) from c38_w.t2 where ts >= '2024-01-03';
-- refusals of the statement shape
-- @error
insert into c38_w.t1 (ts, i) values ('2024-01-02 00:00:05', 1, 2);
-- @error
insert into c38_w.t1 (ts, i, i) values ('2024-01-02 00:00:05', 1, 2);
-- @error
insert into c38_w.t1 (i, vc) values (1, 'x');
-- @error
insert into c38_w.t1 (ts, k) values ('2024-01-02 00:00:05', 1);
-- @error
insert into c38_w.t1 (ts, tbname) values ('2024-01-02 00:00:05', 'x');
-- @error
insert into c38_w.t1 values ('2024-01-02 00:00:05', 1);
-- @error
insert into c38_w.t1 (ts, i) values ('2024-01-02 00:00:05', 1) c38_w.t1 (ts, i) values ('2024-01-02 00:00:06');
-- @error
insert into c38_w.t1 (ts, i) values (now(), 1) (now, 2) (, 3);
-- @error
insert into c38_w.t1 (ts, i) values ('2024-01-02 00:00:05', i + 1);
-- @error
insert into c38_w.t1 (ts, i) values ('2024-01-02 00:00:05', abs(-1));
-- @error
insert into c38_w.t1 (ts, i) values ('2024-01-02 00:00:05', 1 + 1);
-- @error
insert into c38_w.t1 (ts, i) values ('2024-01-02 00:00:05', -'1');
select count(*) from c38_w.t1 where ts >= '2024-01-02 00:00:05';
-- timestamps: strings, epochs, now and durations at each precision
create database c38_us vgroups 1 precision 'us';
create database c38_ns vgroups 1 precision 'ns';
create table c38_w.p (ts timestamp, v int, note varchar(12));
insert into c38_w.p values (1704067200123, 1, 'epoch');
insert into c38_w.p values ('2024-01-01 00:00:01.123', 2, 'string');
insert into c38_w.p values ('2024-01-01 00:00:02.987654321', 3, 'cut');
insert into c38_w.p values (1704067200123 + 1d, 4, 'epoch+1d');
insert into c38_w.p values ('2024-01-01 00:00:00' + 1h, 5, 'str+1h');
insert into c38_w.p values ('2024-01-01 00:00:00' - 10a, 6, 'str-10a');
insert into c38_w.p values ('2024-01-01 00:00:00' + 1u, 7, 'str+1u');
insert into c38_w.p values ('2024-01-01 00:00:00' + 1b, 8, 'str+1b');
insert into c38_w.p values (now, 9, 'now');
insert into c38_w.p values (now - 1d, 10, 'now-1d') (now + 1w, 11, 'now+1w') (now() + 2h, 12, 'now()+2h');
insert into c38_w.p values (today(), 13, 'today');
insert into c38_w.p values ('2024-01-01 00:00:00+01:00', 14, 'zoned');
-- @error
insert into c38_w.p values (0, 15, 'zero');
-- @error
insert into c38_w.p values (-1, 16, 'minus one');
-- @ordered
select ts, cast(ts as bigint), v, note from c38_w.p where ts < '2024-02-01' order by ts;
select count(*) from c38_w.p where ts > now - 2d and ts < now + 8d;
select count(*) from c38_w.p;
-- @error
insert into c38_w.p values ('2024-01-01 00:00:00' + 1n, 20, 'month');
-- @error
insert into c38_w.p values (now + 1y, 21, 'year');
-- @error
insert into c38_w.p values ('2024-01-01 00:00:00' * 2, 22, 'times');
-- @error
insert into c38_w.p values (1d, 23, 'duration');
-- @error
insert into c38_w.p values (now - , 24, 'x');
create table c38_us.p (ts timestamp, v int, note varchar(12));
insert into c38_us.p values (1704067200123456, 1, 'epoch');
insert into c38_us.p values ('2024-01-01 00:00:01.123456', 2, 'string');
insert into c38_us.p values ('2024-01-01 00:00:02.987654321', 3, 'cut');
insert into c38_us.p values (1704067200123456 + 1d, 4, 'epoch+1d');
insert into c38_us.p values ('2024-01-01 00:00:00' + 1h, 5, 'str+1h');
insert into c38_us.p values ('2024-01-01 00:00:00' - 10a, 6, 'str-10a');
insert into c38_us.p values ('2024-01-01 00:00:00' + 1u, 7, 'str+1u');
insert into c38_us.p values ('2024-01-01 00:00:00' + 1b, 8, 'str+1b');
insert into c38_us.p values (now, 9, 'now');
insert into c38_us.p values (now - 1d, 10, 'now-1d') (now + 1w, 11, 'now+1w') (now() + 2h, 12, 'now()+2h');
insert into c38_us.p values (today(), 13, 'today');
insert into c38_us.p values ('2024-01-01 00:00:00+01:00', 14, 'zoned');
-- @error
insert into c38_us.p values (0, 15, 'zero');
-- @error
insert into c38_us.p values (-1, 16, 'minus one');
-- @ordered
select ts, cast(ts as bigint), v, note from c38_us.p where ts < '2024-02-01' order by ts;
select count(*) from c38_us.p where ts > now - 2d and ts < now + 8d;
select count(*) from c38_us.p;
-- @error
insert into c38_us.p values ('2024-01-01 00:00:00' + 1n, 20, 'month');
-- @error
insert into c38_us.p values (now + 1y, 21, 'year');
-- @error
insert into c38_us.p values ('2024-01-01 00:00:00' * 2, 22, 'times');
-- @error
insert into c38_us.p values (1d, 23, 'duration');
-- @error
insert into c38_us.p values (now - , 24, 'x');
create table c38_ns.p (ts timestamp, v int, note varchar(12));
insert into c38_ns.p values (1704067200123456789, 1, 'epoch');
insert into c38_ns.p values ('2024-01-01 00:00:01.123456789', 2, 'string');
insert into c38_ns.p values ('2024-01-01 00:00:02.987654321', 3, 'cut');
insert into c38_ns.p values (1704067200123456789 + 1d, 4, 'epoch+1d');
insert into c38_ns.p values ('2024-01-01 00:00:00' + 1h, 5, 'str+1h');
insert into c38_ns.p values ('2024-01-01 00:00:00' - 10a, 6, 'str-10a');
insert into c38_ns.p values ('2024-01-01 00:00:00' + 1u, 7, 'str+1u');
insert into c38_ns.p values ('2024-01-01 00:00:00' + 1b, 8, 'str+1b');
insert into c38_ns.p values (now, 9, 'now');
insert into c38_ns.p values (now - 1d, 10, 'now-1d') (now + 1w, 11, 'now+1w') (now() + 2h, 12, 'now()+2h');
insert into c38_ns.p values (today(), 13, 'today');
insert into c38_ns.p values ('2024-01-01 00:00:00+01:00', 14, 'zoned');
-- @error
insert into c38_ns.p values (0, 15, 'zero');
-- @error
insert into c38_ns.p values (-1, 16, 'minus one');
-- @ordered
select ts, cast(ts as bigint), v, note from c38_ns.p where ts < '2024-02-01' order by ts;
select count(*) from c38_ns.p where ts > now - 2d and ts < now + 8d;
select count(*) from c38_ns.p;
-- @error
insert into c38_ns.p values ('2024-01-01 00:00:00' + 1n, 20, 'month');
-- @error
insert into c38_ns.p values (now + 1y, 21, 'year');
-- @error
insert into c38_ns.p values ('2024-01-01 00:00:00' * 2, 22, 'times');
-- @error
insert into c38_ns.p values (1d, 23, 'duration');
-- @error
insert into c38_ns.p values (now - , 24, 'x');
-- keep range refusals
create database c38_k vgroups 1 keep 3d duration 1d;
create table c38_k.t (ts timestamp, v int);
-- @error
insert into c38_k.t values ('2020-01-01 00:00:00', 1);
-- @error
insert into c38_k.t values (now - 4d, 1);
-- @error
insert into c38_k.t values (now, 1) ('2020-01-01 00:00:00', 2);
insert into c38_k.t values (now - 1d, 3);
insert into c38_k.t values (now + 100d, 4);
select count(*) from c38_k.t;
-- @error
insert into c38_k.t values (-1, 5);
-- @error
insert into c38_k.t values ('1960-01-01 00:00:00', 5);
select count(*) from c38_k.t;
drop database c38_k;
-- auto-create with USING and tag lists
create stable c38_w.m (ts timestamp, v int, s varchar(10)) tags (g int, loc nchar(6), on_ bool);
insert into c38_w.a1 using c38_w.m tags (1, 'A', true) values ('2024-02-01 00:00:00', 1, 'x');
insert into c38_w.a2 using c38_w.m (loc, g) tags ('B', 2) values ('2024-02-01 00:00:00', 2, 'y') c38_w.a3 using c38_w.m (on_) tags (false) (ts, v) values ('2024-02-01 00:00:00', 3);
insert into c38_w.a4 using c38_w.m tags (null, null, null) values ('2024-02-01 00:00:00', 4, null);
insert into c38_w.a1 using c38_w.m tags (100, 'chg', false) values ('2024-02-01 00:00:01', 11, 'again');
-- @ordered
select tbname, g, loc, on_ from c38_w.m partition by tbname, g, loc, on_ order by tbname;
-- @ordered
select table_name, tag_name, tag_value from information_schema.ins_tags where db_name = 'c38_w' and stable_name = 'm' order by table_name, tag_name;
select count(*) from c38_w.m;
insert into c38_w.a5 using c38_w.m tags (5, 'E', true) (ts, s) values ('2024-02-01 00:00:00', 'five') c38_w.a5 using c38_w.m tags (5, 'E', true) (ts, v) values ('2024-02-01 00:00:01', 5);
-- @ordered
select ts, v, s from c38_w.a5 order by ts;
insert into c38_w.m (tbname, ts, v, g, loc) values ('a6', '2024-02-01 00:00:00', 6, 6, 'F') ('a1', '2024-02-01 00:00:02', 12, 999, 'no');
-- @ordered
select tbname, g, loc, v from c38_w.m where ts >= '2024-02-01 00:00:00' and v in (6, 12) order by tbname;
-- @error
insert into c38_w.a7 using c38_w.m tags (7) values ('2024-02-01 00:00:00', 7, 'x');
-- @error
insert into c38_w.a7 using c38_w.m tags (7, 'G', true, 1) values ('2024-02-01 00:00:00', 7, 'x');
-- @error
insert into c38_w.a7 using c38_w.m (g, nosuch) tags (7, 1) values ('2024-02-01 00:00:00', 7, 'x');
-- @error
insert into c38_w.a7 using c38_w.m (g, g) tags (7, 8) values ('2024-02-01 00:00:00', 7, 'x');
-- @error
insert into c38_w.a7 using c38_w.m tags ('x', 'G', true) values ('2024-02-01 00:00:00', 7, 'x');
-- @error
insert into c38_w.a7 using c38_w.m tags (7, 'toolongtag', true) values ('2024-02-01 00:00:00', 7, 'x');
-- @error
insert into c38_w.a7 using c38_w.m tags (7, 'G', true) values ('2024-02-01 00:00:00', 7, 'x', 1);
-- @error
insert into c38_w.a7 using c38_w.nosuch tags (7) values ('2024-02-01 00:00:00', 7);
-- @error
insert into c38_w.t0 using c38_w.m tags (7, 'G', true) values ('2024-02-01 00:00:00', 7, 'x');
-- @error
insert into c38_w.a7 using c38_w.p tags (7) values ('2024-02-01 00:00:00', 7);
-- @error
insert into c38_w.m (ts, v, g) values ('2024-02-01 00:00:00', 7, 7);
-- @error
insert into c38_w.a7 using c38_w.m tags (7, 'G', true);
select count(*) from information_schema.ins_tables where db_name = 'c38_w' and stable_name = 'm';
-- INSERT ... SELECT
create table c38_w.copy (ts timestamp, v int, s varchar(10));
insert into c38_w.copy select ts, v, s from c38_w.m where v is not null;
select count(*), sum(v) from c38_w.copy;
insert into c38_w.copy (s, ts) select loc, ts + 1h from c38_w.m where g = 2;
-- @ordered
select ts, v, s from c38_w.copy where ts > '2024-02-01 00:30:00' order by ts;
insert into c38_w.a1 (ts, v) select ts + 1d, v * 100 from c38_w.a2;
-- @ordered
select ts, v, s from c38_w.a1 order by ts;
insert into c38_w.copy select ts + 2h, i, vc from c38_w.t0 where i is not null;
select count(*) from c38_w.copy where ts >= '2024-01-01 02:00:00' and ts < '2024-01-02';
-- @error
insert into c38_w.copy select ts, v from c38_w.m;
-- @error
insert into c38_w.copy select v, ts, s from c38_w.m;
-- @error
insert into c38_w.copy (ts, v) select ts, v, s from c38_w.m;
-- @error
insert into c38_w.m select ts, v, s from c38_w.copy;
-- @error
insert into c38_w.copy select * from c38_w.nosuch;
-- JSON tags
create database c38_j vgroups 1;
create stable c38_j.js (ts timestamp, v int) tags (j json);
insert into c38_j.j1 using c38_j.js tags ('{"name":"pump","n":5,"on":true}') values ('2024-03-01 00:00:00', 1);
insert into c38_j.j2 using c38_j.js tags ('{"name":"valve","n":-2.5,"extra":null}') values ('2024-03-01 00:00:00', 2);
insert into c38_j.j3 using c38_j.js tags ('{"n":"7","deep":"a"}') values ('2024-03-01 00:00:00', 3);
insert into c38_j.j4 using c38_j.js tags ('{}') values ('2024-03-01 00:00:00', 4);
insert into c38_j.j5 using c38_j.js tags (null) values ('2024-03-01 00:00:00', 5);
insert into c38_j.j6 using c38_j.js tags ('') values ('2024-03-01 00:00:00', 6);
insert into c38_j.j7 using c38_j.js tags ('{"name":"Pump 2","k2":"泵"}') values ('2024-03-01 00:00:00', 7);
insert into c38_j.j8 using c38_j.js tags ('   {"name" : "spaced"}   ') values ('2024-03-01 00:00:00', 8);
-- @ordered
select tbname, j from c38_j.js order by tbname;
-- @ordered
select tbname, j->'name', j->'n' from c38_j.js order by tbname;
-- @ordered
select tbname, j->'deep', j->'on', j->'extra', j->'k2' from c38_j.js order by tbname;
-- @ordered
select tbname from c38_j.js where j->'name' = 'pump' order by tbname;
-- @ordered
select tbname from c38_j.js where j->'n' > 0 order by tbname;
-- @ordered
select tbname from c38_j.js where j->'n' = 7 order by tbname;
-- @ordered
select tbname from c38_j.js where j->'n' = '7' order by tbname;
-- @ordered
select tbname from c38_j.js where j contains 'name' order by tbname;
-- @ordered
select tbname from c38_j.js where j contains 'extra' order by tbname;
-- @ordered
select tbname from c38_j.js where not (j contains 'name') order by tbname;
-- @ordered
select tbname from c38_j.js where j is null order by tbname;
-- @ordered
select tbname from c38_j.js where j is not null order by tbname;
-- @ordered
select tbname from c38_j.js where j->'name' is null order by tbname;
-- @ordered
select tbname from c38_j.js where j->'name' is not null order by tbname;
-- @ordered
select tbname from c38_j.js where j->'name' like 'p%' order by tbname;
-- @ordered
select tbname from c38_j.js where j->'name' like '%ump%' order by tbname;
-- @ordered
select tbname from c38_j.js where j->'name' match '^[A-Z]' order by tbname;
-- @ordered
select tbname from c38_j.js where j->'name' nmatch 'p' order by tbname;
-- @error
select tbname from c38_j.js where j->'name' in ('pump', 'valve') order by tbname;
-- @ordered
select tbname, v from c38_j.js where j->'on' = true order by tbname;
-- @ordered
select tbname from c38_j.js where j->'name' = 'pump' or j->'n' < 0 order by tbname;
-- @ordered
select tbname from c38_j.js where j->'nosuch' is null order by tbname;
select count(*) from c38_j.js where j->'name' is not null and v > 1;
-- @ordered
select table_name, tag_name, tag_type, tag_value from information_schema.ins_tags where db_name = 'c38_j' order by table_name;
show create table c38_j.j1;
show create stable c38_j.js;
describe c38_j.j1;
show tags from c38_j.j2;
alter table c38_j.j4 set tag j = '{"name":"set later","n":1}';
alter table c38_j.j1 set tag j = null;
-- @ordered
select tbname, j->'name' from c38_j.js where tbname in ('j1', 'j4') order by tbname;
create table c38_j.j9 using c38_j.js tags ('{"k":"v"}');
select j from c38_j.j9;
select count(*) from c38_j.js where j->'k' = 'v';
-- @error
create table c38_j.e1 using c38_j.js tags ('[1, 2]');
-- @error
create table c38_j.e1 using c38_j.js tags ('"text"');
-- @error
create table c38_j.e1 using c38_j.js tags ('123');
-- @error
create table c38_j.e1 using c38_j.js tags (123);
-- @error
create table c38_j.e1 using c38_j.js tags ('{"a":[1]}');
-- @error
create table c38_j.e1 using c38_j.js tags ('{"a":1');
-- @error
create table c38_j.e1 using c38_j.js tags ('{"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk":1}');
-- @error
create table c38_j.e1 using c38_j.js tags ('{"k":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}');
-- @error
alter table c38_j.j2 set tag j = '[1]';
-- @error
alter stable c38_j.js add tag j2 json;
-- @error
alter stable c38_j.js add tag t int;
-- @error
alter stable c38_j.js modify tag j json;
-- @error
create stable c38_j.e2 (ts timestamp, v int) tags (t int, j json);
-- @error
select tbname from c38_j.js where v->'name' = 'pump';
-- @error
select tbname from c38_j.js where j->name = 'pump';
-- @error
select tbname from c38_j.js where j->1 = 'pump';
-- @error
select tbname from c38_j.js where j contains 1;
-- @error
select tbname from c38_j.js where v contains 'name';
-- @error
select tbname from c38_j.js where j = 'pump';
-- @error
select tbname from c38_j.js where j like 'p%';
-- @error
select sum(j) from c38_j.js;
-- @error
select j from c38_j.js order by j;
-- @error
select j, count(*) from c38_j.js group by j;
-- @error
select tbname from c38_j.js where j->'name'->'x' = 'pump';
-- @error
insert into c38_j.e3 using c38_j.js tags ('{"a":1}', 2) values ('2024-03-01 00:00:00', 1);
create table c38_j.e0 using c38_j.js tags ('{"":1}');
select tbname, j from c38_j.js where tbname = 'e0';
-- @error
create table c38_j.e1 using c38_j.js tags ('{"n":"7","deep":{"a":1}}');
-- @error
create table c38_j.e1 using c38_j.js tags ('{"名":"泵"}');
insert into c38_w.m (tbname, ts, v) values ('a7', '2024-02-01 00:00:00', 7);
select tbname, g, loc, on_, v from c38_w.m where tbname = 'a7';
select count(*) from information_schema.ins_tables where db_name = 'c38_j';
-- DELETE by time range and tag condition
create stable c38_w.d (ts timestamp, v int) tags (site varchar(8), zone int);
insert into c38_w.d1 using c38_w.d tags ('north', 1) values ('2024-04-01 00:00:00', 0) ('2024-04-01 00:00:01', 1) ('2024-04-01 00:00:02', 2) ('2024-04-01 00:00:03', 3) ('2024-04-01 00:00:04', 4) ('2024-04-01 00:00:05', 5) ('2024-04-01 00:00:06', 6) ('2024-04-01 00:00:07', 7) ('2024-04-01 00:00:08', 8) ('2024-04-01 00:00:09', 9);
insert into c38_w.d2 using c38_w.d tags ('south', 1) values ('2024-04-01 00:00:00', 0) ('2024-04-01 00:00:01', 1) ('2024-04-01 00:00:02', 2) ('2024-04-01 00:00:03', 3) ('2024-04-01 00:00:04', 4) ('2024-04-01 00:00:05', 5) ('2024-04-01 00:00:06', 6) ('2024-04-01 00:00:07', 7) ('2024-04-01 00:00:08', 8) ('2024-04-01 00:00:09', 9);
insert into c38_w.d3 using c38_w.d tags ('east', 2) values ('2024-04-01 00:00:00', 0) ('2024-04-01 00:00:01', 1) ('2024-04-01 00:00:02', 2) ('2024-04-01 00:00:03', 3) ('2024-04-01 00:00:04', 4) ('2024-04-01 00:00:05', 5) ('2024-04-01 00:00:06', 6) ('2024-04-01 00:00:07', 7) ('2024-04-01 00:00:08', 8) ('2024-04-01 00:00:09', 9);
insert into c38_w.d4 using c38_w.d tags ('west', 3) values ('2024-04-01 00:00:00', 0) ('2024-04-01 00:00:01', 1) ('2024-04-01 00:00:02', 2) ('2024-04-01 00:00:03', 3) ('2024-04-01 00:00:04', 4) ('2024-04-01 00:00:05', 5) ('2024-04-01 00:00:06', 6) ('2024-04-01 00:00:07', 7) ('2024-04-01 00:00:08', 8) ('2024-04-01 00:00:09', 9);
-- @ordered
select tbname, count(*) from c38_w.d partition by tbname order by tbname;
delete from c38_w.d where ts >= '2024-04-01 00:00:08';
-- @ordered
select tbname, count(*), max(v) from c38_w.d partition by tbname order by tbname;
delete from c38_w.d where zone = 1 and ts < '2024-04-01 00:00:02';
-- @ordered
select tbname, count(*), min(v) from c38_w.d partition by tbname order by tbname;
delete from c38_w.d where site in ('east', 'west') and ts between '2024-04-01 00:00:03' and '2024-04-01 00:00:04';
-- @ordered
select tbname, count(*), sum(v) from c38_w.d partition by tbname order by tbname;
delete from c38_w.d where site like 'n%' and ts = '2024-04-01 00:00:05';
-- @ordered
select ts, v from c38_w.d1 order by ts;
delete from c38_w.d where zone > 2;
select count(*) from c38_w.d4;
delete from c38_w.d2 where ts > 1711929603000 and ts < 1711929606000;
-- @ordered
select ts, v from c38_w.d2 order by ts;
delete from c38_w.d where ts > '2024-04-01 00:00:06' and zone = 2 and site = 'east';
-- @ordered
select ts, v from c38_w.d3 order by ts;
insert into c38_w.d4 values ('2024-04-01 00:00:00', 100);
-- @ordered
select tbname, count(*) from c38_w.d partition by tbname order by tbname;
delete from c38_w.d where ts < now - 36500d;
select count(*) from c38_w.d;
delete from c38_us.p where ts >= '2024-01-01 00:00:01.123456' and ts < '2024-01-01 00:00:02';
-- @ordered
select v from c38_us.p where ts < '2024-02-01' order by ts;
delete from c38_ns.p where ts = 1704067200123456789;
select count(*) from c38_ns.p where ts < '2024-02-01';
delete from c38_j.js where j->'name' = 'valve';
select count(*) from c38_j.js;
delete from c38_j.js where ts < '2024-03-02';
select count(*) from c38_j.js;
-- @error
delete from c38_w.d where v > 3;
-- @error
delete from c38_w.d where ts > '2024-04-01' or zone = 1;
-- @error
delete from c38_w.d where tbname = 'd1';
-- @error
delete from c38_w.d where site = 1 + ;
-- @error
delete from c38_w.d where nosuch = 1;
-- @error
delete from c38_w.d1 where zone = 1 and v = 2;
-- @error
delete from c38_w.d where ts in ('2024-04-01 00:00:00');
-- @error
delete from c38_w.d partition by tbname;
select count(*) from c38_w.d;
-- USING tags are read and checked when the table exists too
-- @error
insert into c38_w.a1 using c38_w.m tags (100, 'changed', false) values ('2024-02-01 00:00:09', 1, 'x');
-- @error
insert into c38_w.a1 using c38_w.m tags ('x', 'A', true) values ('2024-02-01 00:00:09', 1, 'x');
insert into c38_w.a1 using c38_w.m tags (100, 'chg', false) values ('2024-02-01 00:00:09', 9, 'ok');
select count(*), sum(v) from c38_w.a1 where ts = '2024-02-01 00:00:09';
drop database c38_w;
drop database c38_us;
drop database c38_ns;
drop database c38_j;
select count(*) from information_schema.ins_databases where name like 'c38%';
