-- streams and topics: CREATE / DROP / SHOW, their system tables, and the refusals (names, queries, databases)
-- @ignore
drop topic if exists p_tp_cols;
-- @ignore
drop topic if exists p_tp_stb;
-- @ignore
drop topic if exists p_tp_stb_meta;
-- @ignore
drop topic if exists p_tp_db;
-- @ignore
drop topic if exists p_tp_expr;
-- @ignore
drop topic if exists p_tp_user;
-- @ignore
drop stream if exists p_st.p_s_classic;
-- @ignore
drop stream if exists p_st.p_s_new;
-- @ignore
drop database if exists p_st;
-- @ignore
drop database if exists p_st_nowal;
-- @ignore
drop user p_st_user;
create database p_st vgroups 1 wal_retention_period 3600;
create database p_st_nowal vgroups 1 wal_retention_period 0;
create stable p_st.meters (ts timestamp, v int, w double, s varchar(12)) tags (site varchar(8), zone int);
create table p_st.m1 using p_st.meters tags ('north', 1);
create table p_st.m2 using p_st.meters tags ('south', 2);
create table p_st.plain (ts timestamp, x int, y varchar(8));
create table p_st_nowal.t (ts timestamp, x int);
insert into p_st.m1 values ('2024-06-01 00:00:00.000', 1, 1.5, 'a') ('2024-06-01 00:00:30.000', 2, 2.5, 'b') ('2024-06-01 00:01:10.000', 3, 3.5, 'c');
insert into p_st.m2 values ('2024-06-01 00:00:05.000', 10, 10.5, 'x') ('2024-06-01 00:02:00.000', 20, 20.5, 'y');
insert into p_st.plain values ('2024-06-01 00:00:00.000', 7, 'p');
-- topics on a column query, a super table, a database
create topic p_tp_cols as select ts, v, s from p_st.meters where v > 1;
create topic p_tp_expr as select ts, v * 2 as v2, upper(s) from p_st.m1;
create topic p_tp_stb as stable p_st.meters;
create topic p_tp_stb_meta with meta as stable p_st.meters where zone = 1;
create topic p_tp_db as database p_st;
create topic if not exists p_tp_cols as select ts from p_st.plain;
-- @ordered
select topic_name, db_name, `sql`, `meta`, `type` from information_schema.ins_topics where topic_name like 'p_tp%' order by topic_name;
select count(*) from information_schema.ins_topics where topic_name like 'p_tp%';
-- @ordered
select topic_name, `schema` from information_schema.ins_topics where topic_name in ('p_tp_cols', 'p_tp_expr') order by topic_name;
-- @meta-only
show topics;
-- @meta-only
show subscriptions;
-- @meta-only
show consumers;
-- @meta-only
select * from information_schema.ins_topics;
-- topic refusals
-- @error
create topic p_tp_cols as select ts from p_st.plain;
-- @error
create topic p_tp_bad as select ts, v from p_st.nosuch;
-- @error
create topic p_tp_bad as select ts, v from p_nosuchdb.meters;
-- @error
create topic p_tp_bad as stable p_st.plain;
-- @error
create topic p_tp_bad as database p_nosuchdb;
-- @error
create topic p_tp_bad as select count(*) from p_st.meters;
-- @error
create topic p_tp_bad as select _wstart, avg(v) from p_st.meters interval(1m);
-- @error
create topic p_tp_bad as select ts, v from p_st.meters order by ts;
-- @error
create topic p_tp_bad as select ts, v from p_st.meters limit 1;
-- @error
create topic p_tp_bad as select distinct v from p_st.meters;
-- @error
create topic p_tp_bad as select ts, v from p_st.meters partition by tbname;
-- @error
create topic p_tp_bad as select * from (select ts, v from p_st.meters);
-- @error
create topic p_tp_bad as select ts, x from p_st_nowal.t;
-- @error
create topic p_tp_bad as database p_st_nowal;
-- @error
create topic p_tp_bad as select ts, v from p_st.m1 union all select ts, v from p_st.m2;
-- @error
create topic p_tp_bad as select ts, csum(v) from p_st.m1;
-- @error
create topic p_tp_bad as select last(v) from p_st.m1;
-- @error
create topic p_tp_bad;
-- @error
create topic p_tp_bad as select ts, v from p_st.m1 where v > (select 1);
select count(*) from information_schema.ins_topics where topic_name = 'p_tp_bad';
-- what a topic holds on
-- @error
drop database p_st;
-- @error
alter database p_st wal_retention_period 0;
alter database p_st wal_retention_period 7200;
-- @error
drop stable p_st.meters;
-- @error
drop topic p_tp_nosuch;
drop topic if exists p_tp_nosuch;
-- @error
drop consumer group p_cg_nosuch on p_tp_cols;
drop consumer group if exists p_cg_nosuch on p_tp_cols;
-- @error
drop consumer group p_cg_nosuch on p_tp_nosuch;
-- a user with a grant creates a topic; another user may not drop it
create user p_st_user pass 'St_pass_2024';
grant read on p_st.* to p_st_user;
-- @user p_st_user St_pass_2024
create topic p_tp_user as select ts, x from p_st.plain;
-- @user p_st_user St_pass_2024
-- @error
create topic p_tp_user2 as select ts, x from p_st_nowal.t;
-- @user p_st_user St_pass_2024
-- @error
drop topic p_tp_cols;
select topic_name, db_name from information_schema.ins_topics where topic_name = 'p_tp_user';
-- @user p_st_user St_pass_2024
drop topic p_tp_user;
drop topic if exists p_tp_cols;
drop topic p_tp_expr;
drop topic p_tp_stb;
drop topic p_tp_stb_meta;
select count(*) from information_schema.ins_topics where topic_name like 'p_tp%';
-- @error
drop database p_st;
drop topic p_tp_db;
select count(*) from information_schema.ins_topics where topic_name like 'p_tp%';
-- streams: the classic form (TDengine 3.0 to 3.3.6) and the form of 3.3.7
-- @error
create stream p_s_classic into p_st.out_classic as select _wstart, count(*), avg(v) from p_st.meters interval(1m);
-- @error
create stream p_s_classic trigger at_once into p_st.out_classic as select _wstart, count(*) from p_st.meters partition by tbname interval(1m);
-- @error
create stream p_s_classic trigger window_close watermark 10s fill_history 1 into p_st.out_classic as select _wstart, sum(v) from p_st.meters interval(1m);
-- @error
create stream if not exists p_s_classic into p_st.out_classic as select _wstart, max(v) from p_st.meters session(ts, 30s);
-- @error
create stream p_s_classic into p_st.out_classic as select _wstart, count(*) from p_st.m1 state_window(s);
-- @error
create stream p_s_new interval(1m) sliding(1m) from p_st.meters into p_st.out_new as select _twstart, count(*), avg(v) from %%trows;
-- @error
create stream p_st.p_s_new interval(1m) sliding(1m) from p_st.meters partition by tbname into p_st.out_new as select _twstart, count(*), avg(v) from %%trows;
-- @error
create stream p_st.p_s_new count_window(2) from p_st.m1 into p_st.out_new as select _twstart, sum(v) from %%trows;
-- @error
create stream p_st.p_s_bad interval(1m) sliding(1m) from p_st.nosuch into p_st.out_bad as select _twstart, count(*) from %%trows;
-- @error
create stream p_st.p_s_bad interval(1m) sliding(1m) from p_nosuchdb.meters into p_st.out_bad as select _twstart, count(*) from %%trows;
-- @error
create stream p_st.p_s_bad into p_st.out_bad as select ts, v from p_st.meters;
-- @error
create stream p_s_bad;
-- @error
drop stream p_s_nosuch;
drop stream if exists p_s_nosuch;
-- @error
drop stream p_st.p_s_nosuch;
drop stream if exists p_st.p_s_nosuch;
-- @error
pause stream p_s_nosuch;
-- @error
resume stream p_s_nosuch;
-- @error
show streams;
-- @meta-only
show p_st.streams;
select count(*) from information_schema.ins_streams where stream_name like 'p_s_%';
-- @meta-only
select * from information_schema.ins_streams;
-- @meta-only
show snodes;
drop database p_st;
drop database p_st_nowal;
drop user p_st_user;
select count(*) from information_schema.ins_databases where name like 'p_st%';
