-- the life of a schema as console users drive it: CREATE DATABASE options and their range refusals, ALTER DATABASE,
-- CREATE/ALTER/DROP STABLE and TABLE with every type, limits, DESCRIBE / SHOW CREATE / information_schema after each change
-- @ignore
drop database if exists c37_db;
-- @ignore
drop database if exists c37_us;
-- @ignore
drop database if exists c37_ns;
-- @ignore
drop database if exists c37_opt;
-- @ignore
drop database if exists c37_vg;
-- @ignore
drop database if exists c37_x;
-- @ignore
drop database if exists c37_alt;
-- databases with each option
create database c37_us vgroups 1 precision 'us' keep 30d,60d,90d duration 5d;
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_us';
create database c37_ns vgroups 1 precision 'ns' keep 7200h duration 720m;
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_ns';
create database c37_opt vgroups 1 buffer 16 pages 100 pagesize 1 cachemodel 'last_value' cachesize 10 wal_level 1 wal_fsync_period 0 comp 2 minrows 10 maxrows 200 single_stable 1 table_prefix 2 table_suffix 3 stt_trigger 2 wal_retention_period 60 wal_retention_size 1024;
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_opt';
create database c37_vg vgroups 3 precision 'ms' keep 1440000m duration 14400m;
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_vg';
-- @ordered
select `name`, `vgroups`, `precision` from information_schema.ins_databases where name like 'c37%' order by name;
select count(*) from information_schema.ins_vgroups where db_name = 'c37_vg';
show create database c37_us;
show create database c37_opt;
drop database c37_vg;
select count(*) from information_schema.ins_databases where name = 'c37_vg';
-- range refusals, one option at a time
-- @error
create database c37_x vgroups 1 precision 'sec';
-- @error
create database c37_x vgroups 1 precision 'nanosecond';
-- @error
create database c37_x vgroups 1 keep 30d,20d;
-- @error
create database c37_x vgroups 1 keep 10d,20d,30d,40d;
-- @error
create database c37_x vgroups 1 keep 1y;
-- @error
create database c37_x vgroups 1 keep 10d duration 20d;
-- @error
create database c37_x vgroups 1 keep 365001d;
-- @error
create database c37_x vgroups 1 duration 1s;
-- @error
create database c37_x vgroups 1 duration 0d;
-- @error
create database c37_x vgroups 1 duration 3651d;
-- @error
create database c37_x vgroups 1 buffer 2;
-- @error
create database c37_x vgroups 1 buffer 16385;
-- @error
create database c37_x vgroups 1 pages 63;
-- @error
create database c37_x vgroups 1 pagesize 0;
-- @error
create database c37_x vgroups 1 pagesize 16385;
-- @error
create database c37_x vgroups 1 cachemodel 'last';
-- @error
create database c37_x vgroups 1 cachemodel last_row;
-- @error
create database c37_x vgroups 1 cachesize 0;
-- @error
create database c37_x vgroups 1 cachesize 65537;
-- @error
create database c37_x vgroups 1 wal_level -1;
-- @error
create database c37_x vgroups 1 wal_level 0 wal_level 3;
-- @error
create database c37_x vgroups 1 wal_fsync_period 180001;
-- @error
create database c37_x vgroups 1 wal_fsync_period -5;
-- @error
create database c37_x vgroups 1 comp -1;
-- @error
create database c37_x vgroups 1 comp 3;
-- @error
create database c37_x vgroups 1 minrows 9;
-- @error
create database c37_x vgroups 1 minrows 1000001;
-- @error
create database c37_x vgroups 1 maxrows 199;
-- @error
create database c37_x vgroups 1 maxrows 10000001;
-- @error
create database c37_x vgroups 1 maxrows 50 minrows 60;
-- @error
create database c37_x vgroups 1 single_stable 2;
-- @error
create database c37_x vgroups 1 single_stable -1;
-- @error
create database c37_x vgroups 1 table_prefix 257;
-- @error
create database c37_x vgroups 1 table_suffix -257;
-- @error
create database c37_x vgroups 1 table_prefix 192;
-- @error
create database c37_x vgroups 1 vgroups 1025;
-- @error
create database c37_x vgroups 1 table_prefix 2 table_suffix -3;
-- @error
create database c37_x vgroups 1 vgroups -1;
-- @error
create database c37_x vgroups 1 stt_trigger 0;
-- @error
create database c37_x vgroups 1 stt_trigger 17;
-- @error
create database c37_x vgroups 1 keep_time_offset 24;
-- @error
create database c37_x vgroups 1 keep_time_offset -1;
-- @error
create database c37_x vgroups 1 wal_retention_period -3;
-- @error
create database c37_x vgroups 1 wal_retention_size -3;
-- @error
create database c37_x vgroups 1 replica 0;
-- @error
create database c37_x vgroups 1 strict 'on';
-- @error
create database c37_x vgroups 1 keep '10d';
-- @error
create database c37_x vgroups 1 duration '1d';
-- @error
create database c37_x vgroups 1 keep 10x;
-- @error
create database c37_x vgroups 1 buffer 'a';
-- @error
create database c37_x vgroups 1 pages 1.5;
select count(*) from information_schema.ins_databases where name = 'c37_x';
create database c37_x vgroups 1 precision 'ms' precision 'us';
select `precision` from information_schema.ins_databases where name = 'c37_x';
drop database c37_x;
-- options at their edges
create database c37_x vgroups 1 buffer 3 pages 64 pagesize 16384 cachesize 65536 wal_fsync_period 180000 minrows 10 maxrows 200 keep 3d duration 1d stt_trigger 16 table_prefix -191 table_suffix -191 keep_time_offset 23;
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_x';
drop database c37_x;
-- ALTER DATABASE of the alterable options
create database c37_alt vgroups 1 keep 30d duration 1d;
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_alt';
alter database c37_alt cachemodel 'last_row';
alter database c37_alt cachesize 20;
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_alt';
alter database c37_alt buffer 64;
alter database c37_alt pages 256;
alter database c37_alt keep 60d;
alter database c37_alt keep 10d,20d,40d;
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_alt';
alter database c37_alt wal_level 2;
alter database c37_alt wal_fsync_period 1000;
alter database c37_alt wal_retention_period 120;
alter database c37_alt wal_retention_size 2048;
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_alt';
alter database c37_alt stt_trigger 3;
alter database c37_alt minrows 50;
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_alt';
alter database c37_alt keep_time_offset 5;
alter database c37_alt cachemodel 'none';
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_alt';
-- @meta-only
show create database c37_alt;
-- @error
alter database c37_alt precision 'us';
-- @error
alter database c37_alt duration 2d;
-- @error
alter database c37_alt pagesize 8;
-- @error
alter database c37_alt maxrows 5000;
-- @error
alter database c37_alt comp 1;
-- @error
alter database c37_alt single_stable 1;
-- @error
alter database c37_alt table_prefix 1;
-- @error
alter database c37_alt vgroups 2;
-- @error
alter database c37_alt keep 2d;
-- @error
alter database c37_alt cachesize 0;
-- @error
alter database c37_alt buffer 2;
-- @error
alter database c37_alt minrows 2;
-- @error
alter database c37_alt wal_level 5;
-- @error
alter database c37_alt keep 30d,20d;
-- @error
alter database c37_alt nosuch 1;
-- @error
alter database c37_alt cachemodel 'x';
-- @error
alter database c37_nosuch keep 30d;
select `name`, `vgroups`, `precision`, `keep`, `duration`, `buffer`, `pages`, `pagesize`, `cachemodel`, `cachesize`, `wal_level`, `wal_fsync_period`, `comp`, `minrows`, `maxrows`, `single_stable`, `table_prefix`, `table_suffix`, `stt_trigger`, `wal_retention_period`, `wal_retention_size`, `keep_time_offset` from information_schema.ins_databases where name = 'c37_alt';
drop database c37_alt;
-- a schema with every type
create database c37_db vgroups 1;
create stable c37_db.st (ts timestamp, c_bool bool, c_ti tinyint, c_si smallint, c_int int, c_bi bigint, c_uti tinyint unsigned, c_usi smallint unsigned, c_uint int unsigned, c_ubi bigint unsigned, c_f float, c_d double, c_vc varchar(20), c_bin binary(10), c_nc nchar(8), c_vb varbinary(16), c_geo geometry(64), c_dec decimal(10, 2), c_dec2 decimal(20, 4)) tags (t_int int, t_vc varchar(16), t_nc nchar(4), t_bool bool, t_d double, t_ts timestamp, t_ubi bigint unsigned, t_vb varbinary(8), t_geo geometry(32), t_ti tinyint, t_f float) comment 'every type';
describe c37_db.st;
show create stable c37_db.st;
select `stable_name`, `columns`, `tags`, `table_comment` from information_schema.ins_stables where db_name = 'c37_db';
-- @ordered
select col_name, col_type, col_length, col_precision, col_scale, col_nullable from information_schema.ins_columns where db_name = 'c37_db' and table_name = 'st' order by col_name;
create table c37_db.st1 using c37_db.st tags (1, 'one', '一', true, 1.5, '2024-01-01 00:00:00', 18446744073709551615, '\x0102', 'POINT(1 2)', -128, 3.25);
create table c37_db.st2 using c37_db.st (t_int, t_vc) tags (2, 'two');
describe c37_db.st1;
show create table c37_db.st1;
show create table c37_db.st2;
-- @ordered
select table_name, tag_name, tag_type, tag_value from information_schema.ins_tags where db_name = 'c37_db' and stable_name = 'st' order by table_name, tag_name;
-- @ordered
select table_name, stable_name, `type`, `columns`, table_comment from information_schema.ins_tables where db_name = 'c37_db' order by table_name;
create table c37_db.nt_all (ts timestamp, c_bool bool, c_ti tinyint, c_ubi bigint unsigned, c_f float, c_vc varchar(60000), c_vb varbinary(100), c_geo geometry(512), c_dec decimal(38, 10));
describe c37_db.nt_all;
show create table c37_db.nt_all;
-- length limits of each text type
-- @error
create table c37_db.lim (ts timestamp, c varchar(0));
-- @error
create table c37_db.lim (ts timestamp, c varchar);
-- @error
create table c37_db.lim (ts timestamp, c binary(65518));
-- @error
create table c37_db.lim (ts timestamp, c nchar(0));
-- @error
create table c37_db.lim (ts timestamp, c nchar(16380));
-- @error
create table c37_db.lim (ts timestamp, c varbinary(65518));
-- @error
create table c37_db.lim (ts timestamp, c varbinary(0));
-- @error
create table c37_db.lim (ts timestamp, c geometry(0));
-- @error
create table c37_db.lim (ts timestamp, c geometry(65518));
-- @error
create table c37_db.lim (ts timestamp, c decimal(39, 2));
-- @error
create table c37_db.lim (ts timestamp, c decimal(10, 11));
-- @error
create table c37_db.lim (ts timestamp, c decimal(0, 0));
-- @error
create table c37_db.lim (ts timestamp, c decimal(5, -1));
-- @error
create table c37_db.lim (ts timestamp, c int(4));
-- @error
create table c37_db.lim (ts timestamp, c float(8));
-- @error
create table c37_db.lim (ts timestamp, c timestamp(3));
-- @error
create table c37_db.lim (ts timestamp, c varchar(-1));
-- @error
create table c37_db.lim (ts timestamp, c varchar(10.5));
-- @error
create table c37_db.lim (ts timestamp, c bool unsigned);
-- @error
create table c37_db.lim (ts timestamp, c double unsigned);
create table c37_db.lim1 (ts timestamp, c nchar(16379));
create table c37_db.lim2 (ts timestamp, c decimal(38, 38), d decimal(1, 0), e decimal(18, 2), f decimal(19, 2));
-- @ordered
select col_name, col_type, col_length, col_precision, col_scale from information_schema.ins_columns where db_name = 'c37_db' and table_name = 'lim2' order by col_name;
create table c37_db.lim3 (ts timestamp, c decimal(12));
describe c37_db.lim3;
-- row size and tag size
-- @error
create table c37_db.big (ts timestamp, a varchar(40000), b varchar(40000));
create table c37_db.big2 (ts timestamp, a varchar(65517), b int);
-- @error
create table c37_db.big (ts timestamp, a varchar(65517), b int, c int);
create table c37_db.big1 (ts timestamp, a varchar(32000), b varchar(33000));
-- @error
create table c37_db.big (ts timestamp, a nchar(10000), b nchar(10000));
-- @error
create stable c37_db.bigt (ts timestamp, v int) tags (a varchar(10000), b varchar(10000));
create stable c37_db.bigt1 (ts timestamp, v int) tags (a varchar(16000));
-- @error
create stable c37_db.bigt (ts timestamp, v int) tags (a varchar(16383));
-- @error
create stable c37_db.bigt (ts timestamp, v int) tags (a nchar(4096));
create stable c37_db.bigt2 (ts timestamp, v int) tags (a nchar(4000));
create stable c37_db.bigt3 (ts timestamp, v int) tags (a varchar(16378), b int);
-- @error
create stable c37_db.bigt (ts timestamp, v int) tags (a varchar(16381), b int);
create stable c37_db.bigt4 (ts timestamp, v varchar(65517)) tags (a int);
-- column and tag counts
create stable c37_db.many_tags (ts timestamp, v int) tags (t0 int, t1 int, t2 int, t3 int, t4 int, t5 int, t6 int, t7 int, t8 int, t9 int, t10 int, t11 int, t12 int, t13 int, t14 int, t15 int, t16 int, t17 int, t18 int, t19 int, t20 int, t21 int, t22 int, t23 int, t24 int, t25 int, t26 int, t27 int, t28 int, t29 int, t30 int, t31 int, t32 int, t33 int, t34 int, t35 int, t36 int, t37 int, t38 int, t39 int, t40 int, t41 int, t42 int, t43 int, t44 int, t45 int, t46 int, t47 int, t48 int, t49 int, t50 int, t51 int, t52 int, t53 int, t54 int, t55 int, t56 int, t57 int, t58 int, t59 int, t60 int, t61 int, t62 int, t63 int, t64 int, t65 int, t66 int, t67 int, t68 int, t69 int, t70 int, t71 int, t72 int, t73 int, t74 int, t75 int, t76 int, t77 int, t78 int, t79 int, t80 int, t81 int, t82 int, t83 int, t84 int, t85 int, t86 int, t87 int, t88 int, t89 int, t90 int, t91 int, t92 int, t93 int, t94 int, t95 int, t96 int, t97 int, t98 int, t99 int, t100 int, t101 int, t102 int, t103 int, t104 int, t105 int, t106 int, t107 int, t108 int, t109 int, t110 int, t111 int, t112 int, t113 int, t114 int, t115 int, t116 int, t117 int, t118 int, t119 int, t120 int, t121 int, t122 int, t123 int, t124 int, t125 int, t126 int, t127 int);
-- @error
create stable c37_db.too_many_tags (ts timestamp, v int) tags (t0 int, t1 int, t2 int, t3 int, t4 int, t5 int, t6 int, t7 int, t8 int, t9 int, t10 int, t11 int, t12 int, t13 int, t14 int, t15 int, t16 int, t17 int, t18 int, t19 int, t20 int, t21 int, t22 int, t23 int, t24 int, t25 int, t26 int, t27 int, t28 int, t29 int, t30 int, t31 int, t32 int, t33 int, t34 int, t35 int, t36 int, t37 int, t38 int, t39 int, t40 int, t41 int, t42 int, t43 int, t44 int, t45 int, t46 int, t47 int, t48 int, t49 int, t50 int, t51 int, t52 int, t53 int, t54 int, t55 int, t56 int, t57 int, t58 int, t59 int, t60 int, t61 int, t62 int, t63 int, t64 int, t65 int, t66 int, t67 int, t68 int, t69 int, t70 int, t71 int, t72 int, t73 int, t74 int, t75 int, t76 int, t77 int, t78 int, t79 int, t80 int, t81 int, t82 int, t83 int, t84 int, t85 int, t86 int, t87 int, t88 int, t89 int, t90 int, t91 int, t92 int, t93 int, t94 int, t95 int, t96 int, t97 int, t98 int, t99 int, t100 int, t101 int, t102 int, t103 int, t104 int, t105 int, t106 int, t107 int, t108 int, t109 int, t110 int, t111 int, t112 int, t113 int, t114 int, t115 int, t116 int, t117 int, t118 int, t119 int, t120 int, t121 int, t122 int, t123 int, t124 int, t125 int, t126 int, t127 int, t128 int);
select `columns`, `tags` from information_schema.ins_stables where db_name = 'c37_db' and stable_name = 'many_tags';
-- @error
alter stable c37_db.many_tags add tag t128 int;
create stable c37_db.many_cols (ts timestamp, c0 int, c1 int, c2 int, c3 int, c4 int, c5 int, c6 int, c7 int, c8 int, c9 int, c10 int, c11 int, c12 int, c13 int, c14 int, c15 int, c16 int, c17 int, c18 int, c19 int, c20 int, c21 int, c22 int, c23 int, c24 int, c25 int, c26 int, c27 int, c28 int, c29 int, c30 int, c31 int, c32 int, c33 int, c34 int, c35 int, c36 int, c37 int, c38 int, c39 int, c40 int, c41 int, c42 int, c43 int, c44 int, c45 int, c46 int, c47 int, c48 int, c49 int, c50 int, c51 int, c52 int, c53 int, c54 int, c55 int, c56 int, c57 int, c58 int, c59 int, c60 int, c61 int, c62 int, c63 int, c64 int, c65 int, c66 int, c67 int, c68 int, c69 int, c70 int, c71 int, c72 int, c73 int, c74 int, c75 int, c76 int, c77 int, c78 int, c79 int, c80 int, c81 int, c82 int, c83 int, c84 int, c85 int, c86 int, c87 int, c88 int, c89 int, c90 int, c91 int, c92 int, c93 int, c94 int, c95 int, c96 int, c97 int, c98 int, c99 int, c100 int, c101 int, c102 int, c103 int, c104 int, c105 int, c106 int, c107 int, c108 int, c109 int, c110 int, c111 int, c112 int, c113 int, c114 int, c115 int, c116 int, c117 int, c118 int, c119 int, c120 int, c121 int, c122 int, c123 int, c124 int, c125 int, c126 int, c127 int, c128 int, c129 int, c130 int, c131 int, c132 int, c133 int, c134 int, c135 int, c136 int, c137 int, c138 int, c139 int, c140 int, c141 int, c142 int, c143 int, c144 int, c145 int, c146 int, c147 int, c148 int, c149 int, c150 int, c151 int, c152 int, c153 int, c154 int, c155 int, c156 int, c157 int, c158 int, c159 int, c160 int, c161 int, c162 int, c163 int, c164 int, c165 int, c166 int, c167 int, c168 int, c169 int, c170 int, c171 int, c172 int, c173 int, c174 int, c175 int, c176 int, c177 int, c178 int, c179 int, c180 int, c181 int, c182 int, c183 int, c184 int, c185 int, c186 int, c187 int, c188 int, c189 int, c190 int, c191 int, c192 int, c193 int, c194 int, c195 int, c196 int, c197 int, c198 int, c199 int, c200 int, c201 int, c202 int, c203 int, c204 int, c205 int, c206 int, c207 int, c208 int, c209 int, c210 int, c211 int, c212 int, c213 int, c214 int, c215 int, c216 int, c217 int, c218 int, c219 int, c220 int, c221 int, c222 int, c223 int, c224 int, c225 int, c226 int, c227 int, c228 int, c229 int, c230 int, c231 int, c232 int, c233 int, c234 int, c235 int, c236 int, c237 int, c238 int, c239 int, c240 int, c241 int, c242 int, c243 int, c244 int, c245 int, c246 int, c247 int, c248 int, c249 int, c250 int, c251 int, c252 int, c253 int, c254 int, c255 int, c256 int, c257 int, c258 int, c259 int, c260 int, c261 int, c262 int, c263 int, c264 int, c265 int, c266 int, c267 int, c268 int, c269 int, c270 int, c271 int, c272 int, c273 int, c274 int, c275 int, c276 int, c277 int, c278 int, c279 int, c280 int, c281 int, c282 int, c283 int, c284 int, c285 int, c286 int, c287 int, c288 int, c289 int, c290 int, c291 int, c292 int, c293 int, c294 int, c295 int, c296 int, c297 int, c298 int, c299 int, c300 int, c301 int, c302 int, c303 int, c304 int, c305 int, c306 int, c307 int, c308 int, c309 int, c310 int, c311 int, c312 int, c313 int, c314 int, c315 int, c316 int, c317 int, c318 int, c319 int, c320 int, c321 int, c322 int, c323 int, c324 int, c325 int, c326 int, c327 int, c328 int, c329 int, c330 int, c331 int, c332 int, c333 int, c334 int, c335 int, c336 int, c337 int, c338 int, c339 int, c340 int, c341 int, c342 int, c343 int, c344 int, c345 int, c346 int, c347 int, c348 int, c349 int, c350 int, c351 int, c352 int, c353 int, c354 int, c355 int, c356 int, c357 int, c358 int, c359 int, c360 int, c361 int, c362 int, c363 int, c364 int, c365 int, c366 int, c367 int, c368 int, c369 int, c370 int, c371 int, c372 int, c373 int, c374 int, c375 int, c376 int, c377 int, c378 int, c379 int, c380 int, c381 int, c382 int, c383 int, c384 int, c385 int, c386 int, c387 int, c388 int, c389 int, c390 int, c391 int, c392 int, c393 int, c394 int, c395 int, c396 int, c397 int, c398 int, c399 int, c400 int, c401 int, c402 int, c403 int, c404 int, c405 int, c406 int, c407 int, c408 int, c409 int, c410 int, c411 int, c412 int, c413 int, c414 int, c415 int, c416 int, c417 int, c418 int, c419 int, c420 int, c421 int, c422 int, c423 int, c424 int, c425 int, c426 int, c427 int, c428 int, c429 int, c430 int, c431 int, c432 int, c433 int, c434 int, c435 int, c436 int, c437 int, c438 int, c439 int, c440 int, c441 int, c442 int, c443 int, c444 int, c445 int, c446 int, c447 int, c448 int, c449 int, c450 int, c451 int, c452 int, c453 int, c454 int, c455 int, c456 int, c457 int, c458 int, c459 int, c460 int, c461 int, c462 int, c463 int, c464 int, c465 int, c466 int, c467 int, c468 int, c469 int, c470 int, c471 int, c472 int, c473 int, c474 int, c475 int, c476 int, c477 int, c478 int, c479 int, c480 int, c481 int, c482 int, c483 int, c484 int, c485 int, c486 int, c487 int, c488 int, c489 int, c490 int, c491 int, c492 int, c493 int, c494 int, c495 int, c496 int, c497 int, c498 int, c499 int, c500 int, c501 int, c502 int, c503 int, c504 int, c505 int, c506 int, c507 int, c508 int, c509 int, c510 int, c511 int, c512 int, c513 int, c514 int, c515 int, c516 int, c517 int, c518 int, c519 int, c520 int, c521 int, c522 int, c523 int, c524 int, c525 int, c526 int, c527 int, c528 int, c529 int, c530 int, c531 int, c532 int, c533 int, c534 int, c535 int, c536 int, c537 int, c538 int, c539 int, c540 int, c541 int, c542 int, c543 int, c544 int, c545 int, c546 int, c547 int, c548 int, c549 int, c550 int, c551 int, c552 int, c553 int, c554 int, c555 int, c556 int, c557 int, c558 int, c559 int, c560 int, c561 int, c562 int, c563 int, c564 int, c565 int, c566 int, c567 int, c568 int, c569 int, c570 int, c571 int, c572 int, c573 int, c574 int, c575 int, c576 int, c577 int, c578 int, c579 int, c580 int, c581 int, c582 int, c583 int, c584 int, c585 int, c586 int, c587 int, c588 int, c589 int, c590 int, c591 int, c592 int, c593 int, c594 int, c595 int, c596 int, c597 int, c598 int, c599 int, c600 int, c601 int, c602 int, c603 int, c604 int, c605 int, c606 int, c607 int, c608 int, c609 int, c610 int, c611 int, c612 int, c613 int, c614 int, c615 int, c616 int, c617 int, c618 int, c619 int, c620 int, c621 int, c622 int, c623 int, c624 int, c625 int, c626 int, c627 int, c628 int, c629 int, c630 int, c631 int, c632 int, c633 int, c634 int, c635 int, c636 int, c637 int, c638 int, c639 int, c640 int, c641 int, c642 int, c643 int, c644 int, c645 int, c646 int, c647 int, c648 int, c649 int, c650 int, c651 int, c652 int, c653 int, c654 int, c655 int, c656 int, c657 int, c658 int, c659 int, c660 int, c661 int, c662 int, c663 int, c664 int, c665 int, c666 int, c667 int, c668 int, c669 int, c670 int, c671 int, c672 int, c673 int, c674 int, c675 int, c676 int, c677 int, c678 int, c679 int, c680 int, c681 int, c682 int, c683 int, c684 int, c685 int, c686 int, c687 int, c688 int, c689 int, c690 int, c691 int, c692 int, c693 int, c694 int, c695 int, c696 int, c697 int, c698 int, c699 int, c700 int, c701 int, c702 int, c703 int, c704 int, c705 int, c706 int, c707 int, c708 int, c709 int, c710 int, c711 int, c712 int, c713 int, c714 int, c715 int, c716 int, c717 int, c718 int, c719 int, c720 int, c721 int, c722 int, c723 int, c724 int, c725 int, c726 int, c727 int, c728 int, c729 int, c730 int, c731 int, c732 int, c733 int, c734 int, c735 int, c736 int, c737 int, c738 int, c739 int, c740 int, c741 int, c742 int, c743 int, c744 int, c745 int, c746 int, c747 int, c748 int, c749 int, c750 int, c751 int, c752 int, c753 int, c754 int, c755 int, c756 int, c757 int, c758 int, c759 int, c760 int, c761 int, c762 int, c763 int, c764 int, c765 int, c766 int, c767 int, c768 int, c769 int, c770 int, c771 int, c772 int, c773 int, c774 int, c775 int, c776 int, c777 int, c778 int, c779 int, c780 int, c781 int, c782 int, c783 int, c784 int, c785 int, c786 int, c787 int, c788 int, c789 int, c790 int, c791 int, c792 int, c793 int, c794 int, c795 int, c796 int, c797 int, c798 int, c799 int, c800 int, c801 int, c802 int, c803 int, c804 int, c805 int, c806 int, c807 int, c808 int, c809 int, c810 int, c811 int, c812 int, c813 int, c814 int, c815 int, c816 int, c817 int, c818 int, c819 int, c820 int, c821 int, c822 int, c823 int, c824 int, c825 int, c826 int, c827 int, c828 int, c829 int, c830 int, c831 int, c832 int, c833 int, c834 int, c835 int, c836 int, c837 int, c838 int, c839 int, c840 int, c841 int, c842 int, c843 int, c844 int, c845 int, c846 int, c847 int, c848 int, c849 int, c850 int, c851 int, c852 int, c853 int, c854 int, c855 int, c856 int, c857 int, c858 int, c859 int, c860 int, c861 int, c862 int, c863 int, c864 int, c865 int, c866 int, c867 int, c868 int, c869 int, c870 int, c871 int, c872 int, c873 int, c874 int, c875 int, c876 int, c877 int, c878 int, c879 int, c880 int, c881 int, c882 int, c883 int, c884 int, c885 int, c886 int, c887 int, c888 int, c889 int, c890 int, c891 int, c892 int, c893 int, c894 int, c895 int, c896 int, c897 int, c898 int, c899 int, c900 int, c901 int, c902 int, c903 int, c904 int, c905 int, c906 int, c907 int, c908 int, c909 int, c910 int, c911 int, c912 int, c913 int, c914 int, c915 int, c916 int, c917 int, c918 int, c919 int, c920 int, c921 int, c922 int, c923 int, c924 int, c925 int, c926 int, c927 int, c928 int, c929 int, c930 int, c931 int, c932 int, c933 int, c934 int, c935 int, c936 int, c937 int, c938 int, c939 int, c940 int, c941 int, c942 int, c943 int, c944 int, c945 int, c946 int, c947 int, c948 int, c949 int, c950 int, c951 int, c952 int, c953 int, c954 int, c955 int, c956 int, c957 int, c958 int, c959 int, c960 int, c961 int, c962 int, c963 int, c964 int, c965 int, c966 int, c967 int, c968 int, c969 int, c970 int, c971 int, c972 int, c973 int, c974 int, c975 int, c976 int, c977 int, c978 int, c979 int, c980 int, c981 int, c982 int, c983 int, c984 int, c985 int, c986 int, c987 int, c988 int, c989 int, c990 int, c991 int, c992 int, c993 int, c994 int, c995 int, c996 int, c997 int, c998 int, c999 int, c1000 int, c1001 int, c1002 int, c1003 int, c1004 int, c1005 int, c1006 int, c1007 int, c1008 int, c1009 int, c1010 int, c1011 int, c1012 int, c1013 int, c1014 int, c1015 int, c1016 int, c1017 int, c1018 int, c1019 int, c1020 int, c1021 int, c1022 int, c1023 int, c1024 int, c1025 int, c1026 int, c1027 int, c1028 int, c1029 int, c1030 int, c1031 int, c1032 int, c1033 int, c1034 int, c1035 int, c1036 int, c1037 int, c1038 int, c1039 int, c1040 int, c1041 int, c1042 int, c1043 int, c1044 int, c1045 int, c1046 int, c1047 int, c1048 int, c1049 int, c1050 int, c1051 int, c1052 int, c1053 int, c1054 int, c1055 int, c1056 int, c1057 int, c1058 int, c1059 int, c1060 int, c1061 int, c1062 int, c1063 int, c1064 int, c1065 int, c1066 int, c1067 int, c1068 int, c1069 int, c1070 int, c1071 int, c1072 int, c1073 int, c1074 int, c1075 int, c1076 int, c1077 int, c1078 int, c1079 int, c1080 int, c1081 int, c1082 int, c1083 int, c1084 int, c1085 int, c1086 int, c1087 int, c1088 int, c1089 int, c1090 int, c1091 int, c1092 int, c1093 int, c1094 int, c1095 int, c1096 int, c1097 int, c1098 int, c1099 int, c1100 int, c1101 int, c1102 int, c1103 int, c1104 int, c1105 int, c1106 int, c1107 int, c1108 int, c1109 int, c1110 int, c1111 int, c1112 int, c1113 int, c1114 int, c1115 int, c1116 int, c1117 int, c1118 int, c1119 int, c1120 int, c1121 int, c1122 int, c1123 int, c1124 int, c1125 int, c1126 int, c1127 int, c1128 int, c1129 int, c1130 int, c1131 int, c1132 int, c1133 int, c1134 int, c1135 int, c1136 int, c1137 int, c1138 int, c1139 int, c1140 int, c1141 int, c1142 int, c1143 int, c1144 int, c1145 int, c1146 int, c1147 int, c1148 int, c1149 int, c1150 int, c1151 int, c1152 int, c1153 int, c1154 int, c1155 int, c1156 int, c1157 int, c1158 int, c1159 int, c1160 int, c1161 int, c1162 int, c1163 int, c1164 int, c1165 int, c1166 int, c1167 int, c1168 int, c1169 int, c1170 int, c1171 int, c1172 int, c1173 int, c1174 int, c1175 int, c1176 int, c1177 int, c1178 int, c1179 int, c1180 int, c1181 int, c1182 int, c1183 int, c1184 int, c1185 int, c1186 int, c1187 int, c1188 int, c1189 int, c1190 int, c1191 int, c1192 int, c1193 int, c1194 int, c1195 int, c1196 int, c1197 int, c1198 int, c1199 int, c1200 int, c1201 int, c1202 int, c1203 int, c1204 int, c1205 int, c1206 int, c1207 int, c1208 int, c1209 int, c1210 int, c1211 int, c1212 int, c1213 int, c1214 int, c1215 int, c1216 int, c1217 int, c1218 int, c1219 int, c1220 int, c1221 int, c1222 int, c1223 int, c1224 int, c1225 int, c1226 int, c1227 int, c1228 int, c1229 int, c1230 int, c1231 int, c1232 int, c1233 int, c1234 int, c1235 int, c1236 int, c1237 int, c1238 int, c1239 int, c1240 int, c1241 int, c1242 int, c1243 int, c1244 int, c1245 int, c1246 int, c1247 int, c1248 int, c1249 int, c1250 int, c1251 int, c1252 int, c1253 int, c1254 int, c1255 int, c1256 int, c1257 int, c1258 int, c1259 int, c1260 int, c1261 int, c1262 int, c1263 int, c1264 int, c1265 int, c1266 int, c1267 int, c1268 int, c1269 int, c1270 int, c1271 int, c1272 int, c1273 int, c1274 int, c1275 int, c1276 int, c1277 int, c1278 int, c1279 int, c1280 int, c1281 int, c1282 int, c1283 int, c1284 int, c1285 int, c1286 int, c1287 int, c1288 int, c1289 int, c1290 int, c1291 int, c1292 int, c1293 int, c1294 int, c1295 int, c1296 int, c1297 int, c1298 int, c1299 int, c1300 int, c1301 int, c1302 int, c1303 int, c1304 int, c1305 int, c1306 int, c1307 int, c1308 int, c1309 int, c1310 int, c1311 int, c1312 int, c1313 int, c1314 int, c1315 int, c1316 int, c1317 int, c1318 int, c1319 int, c1320 int, c1321 int, c1322 int, c1323 int, c1324 int, c1325 int, c1326 int, c1327 int, c1328 int, c1329 int, c1330 int, c1331 int, c1332 int, c1333 int, c1334 int, c1335 int, c1336 int, c1337 int, c1338 int, c1339 int, c1340 int, c1341 int, c1342 int, c1343 int, c1344 int, c1345 int, c1346 int, c1347 int, c1348 int, c1349 int, c1350 int, c1351 int, c1352 int, c1353 int, c1354 int, c1355 int, c1356 int, c1357 int, c1358 int, c1359 int, c1360 int, c1361 int, c1362 int, c1363 int, c1364 int, c1365 int, c1366 int, c1367 int, c1368 int, c1369 int, c1370 int, c1371 int, c1372 int, c1373 int, c1374 int, c1375 int, c1376 int, c1377 int, c1378 int, c1379 int, c1380 int, c1381 int, c1382 int, c1383 int, c1384 int, c1385 int, c1386 int, c1387 int, c1388 int, c1389 int, c1390 int, c1391 int, c1392 int, c1393 int, c1394 int, c1395 int, c1396 int, c1397 int, c1398 int, c1399 int, c1400 int, c1401 int, c1402 int, c1403 int, c1404 int, c1405 int, c1406 int, c1407 int, c1408 int, c1409 int, c1410 int, c1411 int, c1412 int, c1413 int, c1414 int, c1415 int, c1416 int, c1417 int, c1418 int, c1419 int, c1420 int, c1421 int, c1422 int, c1423 int, c1424 int, c1425 int, c1426 int, c1427 int, c1428 int, c1429 int, c1430 int, c1431 int, c1432 int, c1433 int, c1434 int, c1435 int, c1436 int, c1437 int, c1438 int, c1439 int, c1440 int, c1441 int, c1442 int, c1443 int, c1444 int, c1445 int, c1446 int, c1447 int, c1448 int, c1449 int, c1450 int, c1451 int, c1452 int, c1453 int, c1454 int, c1455 int, c1456 int, c1457 int, c1458 int, c1459 int, c1460 int, c1461 int, c1462 int, c1463 int, c1464 int, c1465 int, c1466 int, c1467 int, c1468 int, c1469 int, c1470 int, c1471 int, c1472 int, c1473 int, c1474 int, c1475 int, c1476 int, c1477 int, c1478 int, c1479 int, c1480 int, c1481 int, c1482 int, c1483 int, c1484 int, c1485 int, c1486 int, c1487 int, c1488 int, c1489 int, c1490 int, c1491 int, c1492 int, c1493 int, c1494 int, c1495 int, c1496 int, c1497 int, c1498 int, c1499 int, c1500 int, c1501 int, c1502 int, c1503 int, c1504 int, c1505 int, c1506 int, c1507 int, c1508 int, c1509 int, c1510 int, c1511 int, c1512 int, c1513 int, c1514 int, c1515 int, c1516 int, c1517 int, c1518 int, c1519 int, c1520 int, c1521 int, c1522 int, c1523 int, c1524 int, c1525 int, c1526 int, c1527 int, c1528 int, c1529 int, c1530 int, c1531 int, c1532 int, c1533 int, c1534 int, c1535 int, c1536 int, c1537 int, c1538 int, c1539 int, c1540 int, c1541 int, c1542 int, c1543 int, c1544 int, c1545 int, c1546 int, c1547 int, c1548 int, c1549 int, c1550 int, c1551 int, c1552 int, c1553 int, c1554 int, c1555 int, c1556 int, c1557 int, c1558 int, c1559 int, c1560 int, c1561 int, c1562 int, c1563 int, c1564 int, c1565 int, c1566 int, c1567 int, c1568 int, c1569 int, c1570 int, c1571 int, c1572 int, c1573 int, c1574 int, c1575 int, c1576 int, c1577 int, c1578 int, c1579 int, c1580 int, c1581 int, c1582 int, c1583 int, c1584 int, c1585 int, c1586 int, c1587 int, c1588 int, c1589 int, c1590 int, c1591 int, c1592 int, c1593 int, c1594 int, c1595 int, c1596 int, c1597 int, c1598 int, c1599 int, c1600 int, c1601 int, c1602 int, c1603 int, c1604 int, c1605 int, c1606 int, c1607 int, c1608 int, c1609 int, c1610 int, c1611 int, c1612 int, c1613 int, c1614 int, c1615 int, c1616 int, c1617 int, c1618 int, c1619 int, c1620 int, c1621 int, c1622 int, c1623 int, c1624 int, c1625 int, c1626 int, c1627 int, c1628 int, c1629 int, c1630 int, c1631 int, c1632 int, c1633 int, c1634 int, c1635 int, c1636 int, c1637 int, c1638 int, c1639 int, c1640 int, c1641 int, c1642 int, c1643 int, c1644 int, c1645 int, c1646 int, c1647 int, c1648 int, c1649 int, c1650 int, c1651 int, c1652 int, c1653 int, c1654 int, c1655 int, c1656 int, c1657 int, c1658 int, c1659 int, c1660 int, c1661 int, c1662 int, c1663 int, c1664 int, c1665 int, c1666 int, c1667 int, c1668 int, c1669 int, c1670 int, c1671 int, c1672 int, c1673 int, c1674 int, c1675 int, c1676 int, c1677 int, c1678 int, c1679 int, c1680 int, c1681 int, c1682 int, c1683 int, c1684 int, c1685 int, c1686 int, c1687 int, c1688 int, c1689 int, c1690 int, c1691 int, c1692 int, c1693 int, c1694 int, c1695 int, c1696 int, c1697 int, c1698 int, c1699 int, c1700 int, c1701 int, c1702 int, c1703 int, c1704 int, c1705 int, c1706 int, c1707 int, c1708 int, c1709 int, c1710 int, c1711 int, c1712 int, c1713 int, c1714 int, c1715 int, c1716 int, c1717 int, c1718 int, c1719 int, c1720 int, c1721 int, c1722 int, c1723 int, c1724 int, c1725 int, c1726 int, c1727 int, c1728 int, c1729 int, c1730 int, c1731 int, c1732 int, c1733 int, c1734 int, c1735 int, c1736 int, c1737 int, c1738 int, c1739 int, c1740 int, c1741 int, c1742 int, c1743 int, c1744 int, c1745 int, c1746 int, c1747 int, c1748 int, c1749 int, c1750 int, c1751 int, c1752 int, c1753 int, c1754 int, c1755 int, c1756 int, c1757 int, c1758 int, c1759 int, c1760 int, c1761 int, c1762 int, c1763 int, c1764 int, c1765 int, c1766 int, c1767 int, c1768 int, c1769 int, c1770 int, c1771 int, c1772 int, c1773 int, c1774 int, c1775 int, c1776 int, c1777 int, c1778 int, c1779 int, c1780 int, c1781 int, c1782 int, c1783 int, c1784 int, c1785 int, c1786 int, c1787 int, c1788 int, c1789 int, c1790 int, c1791 int, c1792 int, c1793 int, c1794 int, c1795 int, c1796 int, c1797 int, c1798 int, c1799 int, c1800 int, c1801 int, c1802 int, c1803 int, c1804 int, c1805 int, c1806 int, c1807 int, c1808 int, c1809 int, c1810 int, c1811 int, c1812 int, c1813 int, c1814 int, c1815 int, c1816 int, c1817 int, c1818 int, c1819 int, c1820 int, c1821 int, c1822 int, c1823 int, c1824 int, c1825 int, c1826 int, c1827 int, c1828 int, c1829 int, c1830 int, c1831 int, c1832 int, c1833 int, c1834 int, c1835 int, c1836 int, c1837 int, c1838 int, c1839 int, c1840 int, c1841 int, c1842 int, c1843 int, c1844 int, c1845 int, c1846 int, c1847 int, c1848 int, c1849 int, c1850 int, c1851 int, c1852 int, c1853 int, c1854 int, c1855 int, c1856 int, c1857 int, c1858 int, c1859 int, c1860 int, c1861 int, c1862 int, c1863 int, c1864 int, c1865 int, c1866 int, c1867 int, c1868 int, c1869 int, c1870 int, c1871 int, c1872 int, c1873 int, c1874 int, c1875 int, c1876 int, c1877 int, c1878 int, c1879 int, c1880 int, c1881 int, c1882 int, c1883 int, c1884 int, c1885 int, c1886 int, c1887 int, c1888 int, c1889 int, c1890 int, c1891 int, c1892 int, c1893 int, c1894 int, c1895 int, c1896 int, c1897 int, c1898 int, c1899 int, c1900 int, c1901 int, c1902 int, c1903 int, c1904 int, c1905 int, c1906 int, c1907 int, c1908 int, c1909 int, c1910 int, c1911 int, c1912 int, c1913 int, c1914 int, c1915 int, c1916 int, c1917 int, c1918 int, c1919 int, c1920 int, c1921 int, c1922 int, c1923 int, c1924 int, c1925 int, c1926 int, c1927 int, c1928 int, c1929 int, c1930 int, c1931 int, c1932 int, c1933 int, c1934 int, c1935 int, c1936 int, c1937 int, c1938 int, c1939 int, c1940 int, c1941 int, c1942 int, c1943 int, c1944 int, c1945 int, c1946 int, c1947 int, c1948 int, c1949 int, c1950 int, c1951 int, c1952 int, c1953 int, c1954 int, c1955 int, c1956 int, c1957 int, c1958 int, c1959 int, c1960 int, c1961 int, c1962 int, c1963 int, c1964 int, c1965 int, c1966 int, c1967 int, c1968 int, c1969 int, c1970 int, c1971 int, c1972 int, c1973 int, c1974 int, c1975 int, c1976 int, c1977 int, c1978 int, c1979 int, c1980 int, c1981 int, c1982 int, c1983 int, c1984 int, c1985 int, c1986 int, c1987 int, c1988 int, c1989 int, c1990 int, c1991 int, c1992 int, c1993 int, c1994 int, c1995 int, c1996 int, c1997 int, c1998 int, c1999 int, c2000 int, c2001 int, c2002 int, c2003 int, c2004 int, c2005 int, c2006 int, c2007 int, c2008 int, c2009 int, c2010 int, c2011 int, c2012 int, c2013 int, c2014 int, c2015 int, c2016 int, c2017 int, c2018 int, c2019 int, c2020 int, c2021 int, c2022 int, c2023 int, c2024 int, c2025 int, c2026 int, c2027 int, c2028 int, c2029 int, c2030 int, c2031 int, c2032 int, c2033 int, c2034 int, c2035 int, c2036 int, c2037 int, c2038 int, c2039 int, c2040 int, c2041 int, c2042 int, c2043 int, c2044 int, c2045 int, c2046 int, c2047 int, c2048 int, c2049 int, c2050 int, c2051 int, c2052 int, c2053 int, c2054 int, c2055 int, c2056 int, c2057 int, c2058 int, c2059 int, c2060 int, c2061 int, c2062 int, c2063 int, c2064 int, c2065 int, c2066 int, c2067 int, c2068 int, c2069 int, c2070 int, c2071 int, c2072 int, c2073 int, c2074 int, c2075 int, c2076 int, c2077 int, c2078 int, c2079 int, c2080 int, c2081 int, c2082 int, c2083 int, c2084 int, c2085 int, c2086 int, c2087 int, c2088 int, c2089 int, c2090 int, c2091 int, c2092 int, c2093 int, c2094 int, c2095 int, c2096 int, c2097 int, c2098 int, c2099 int, c2100 int, c2101 int, c2102 int, c2103 int, c2104 int, c2105 int, c2106 int, c2107 int, c2108 int, c2109 int, c2110 int, c2111 int, c2112 int, c2113 int, c2114 int, c2115 int, c2116 int, c2117 int, c2118 int, c2119 int, c2120 int, c2121 int, c2122 int, c2123 int, c2124 int, c2125 int, c2126 int, c2127 int, c2128 int, c2129 int, c2130 int, c2131 int, c2132 int, c2133 int, c2134 int, c2135 int, c2136 int, c2137 int, c2138 int, c2139 int, c2140 int, c2141 int, c2142 int, c2143 int, c2144 int, c2145 int, c2146 int, c2147 int, c2148 int, c2149 int, c2150 int, c2151 int, c2152 int, c2153 int, c2154 int, c2155 int, c2156 int, c2157 int, c2158 int, c2159 int, c2160 int, c2161 int, c2162 int, c2163 int, c2164 int, c2165 int, c2166 int, c2167 int, c2168 int, c2169 int, c2170 int, c2171 int, c2172 int, c2173 int, c2174 int, c2175 int, c2176 int, c2177 int, c2178 int, c2179 int, c2180 int, c2181 int, c2182 int, c2183 int, c2184 int, c2185 int, c2186 int, c2187 int, c2188 int, c2189 int, c2190 int, c2191 int, c2192 int, c2193 int, c2194 int, c2195 int, c2196 int, c2197 int, c2198 int, c2199 int, c2200 int, c2201 int, c2202 int, c2203 int, c2204 int, c2205 int, c2206 int, c2207 int, c2208 int, c2209 int, c2210 int, c2211 int, c2212 int, c2213 int, c2214 int, c2215 int, c2216 int, c2217 int, c2218 int, c2219 int, c2220 int, c2221 int, c2222 int, c2223 int, c2224 int, c2225 int, c2226 int, c2227 int, c2228 int, c2229 int, c2230 int, c2231 int, c2232 int, c2233 int, c2234 int, c2235 int, c2236 int, c2237 int, c2238 int, c2239 int, c2240 int, c2241 int, c2242 int, c2243 int, c2244 int, c2245 int, c2246 int, c2247 int, c2248 int, c2249 int, c2250 int, c2251 int, c2252 int, c2253 int, c2254 int, c2255 int, c2256 int, c2257 int, c2258 int, c2259 int, c2260 int, c2261 int, c2262 int, c2263 int, c2264 int, c2265 int, c2266 int, c2267 int, c2268 int, c2269 int, c2270 int, c2271 int, c2272 int, c2273 int, c2274 int, c2275 int, c2276 int, c2277 int, c2278 int, c2279 int, c2280 int, c2281 int, c2282 int, c2283 int, c2284 int, c2285 int, c2286 int, c2287 int, c2288 int, c2289 int, c2290 int, c2291 int, c2292 int, c2293 int, c2294 int, c2295 int, c2296 int, c2297 int, c2298 int, c2299 int, c2300 int, c2301 int, c2302 int, c2303 int, c2304 int, c2305 int, c2306 int, c2307 int, c2308 int, c2309 int, c2310 int, c2311 int, c2312 int, c2313 int, c2314 int, c2315 int, c2316 int, c2317 int, c2318 int, c2319 int, c2320 int, c2321 int, c2322 int, c2323 int, c2324 int, c2325 int, c2326 int, c2327 int, c2328 int, c2329 int, c2330 int, c2331 int, c2332 int, c2333 int, c2334 int, c2335 int, c2336 int, c2337 int, c2338 int, c2339 int, c2340 int, c2341 int, c2342 int, c2343 int, c2344 int, c2345 int, c2346 int, c2347 int, c2348 int, c2349 int, c2350 int, c2351 int, c2352 int, c2353 int, c2354 int, c2355 int, c2356 int, c2357 int, c2358 int, c2359 int, c2360 int, c2361 int, c2362 int, c2363 int, c2364 int, c2365 int, c2366 int, c2367 int, c2368 int, c2369 int, c2370 int, c2371 int, c2372 int, c2373 int, c2374 int, c2375 int, c2376 int, c2377 int, c2378 int, c2379 int, c2380 int, c2381 int, c2382 int, c2383 int, c2384 int, c2385 int, c2386 int, c2387 int, c2388 int, c2389 int, c2390 int, c2391 int, c2392 int, c2393 int, c2394 int, c2395 int, c2396 int, c2397 int, c2398 int, c2399 int, c2400 int, c2401 int, c2402 int, c2403 int, c2404 int, c2405 int, c2406 int, c2407 int, c2408 int, c2409 int, c2410 int, c2411 int, c2412 int, c2413 int, c2414 int, c2415 int, c2416 int, c2417 int, c2418 int, c2419 int, c2420 int, c2421 int, c2422 int, c2423 int, c2424 int, c2425 int, c2426 int, c2427 int, c2428 int, c2429 int, c2430 int, c2431 int, c2432 int, c2433 int, c2434 int, c2435 int, c2436 int, c2437 int, c2438 int, c2439 int, c2440 int, c2441 int, c2442 int, c2443 int, c2444 int, c2445 int, c2446 int, c2447 int, c2448 int, c2449 int, c2450 int, c2451 int, c2452 int, c2453 int, c2454 int, c2455 int, c2456 int, c2457 int, c2458 int, c2459 int, c2460 int, c2461 int, c2462 int, c2463 int, c2464 int, c2465 int, c2466 int, c2467 int, c2468 int, c2469 int, c2470 int, c2471 int, c2472 int, c2473 int, c2474 int, c2475 int, c2476 int, c2477 int, c2478 int, c2479 int, c2480 int, c2481 int, c2482 int, c2483 int, c2484 int, c2485 int, c2486 int, c2487 int, c2488 int, c2489 int, c2490 int, c2491 int, c2492 int, c2493 int, c2494 int, c2495 int, c2496 int, c2497 int, c2498 int, c2499 int, c2500 int, c2501 int, c2502 int, c2503 int, c2504 int, c2505 int, c2506 int, c2507 int, c2508 int, c2509 int, c2510 int, c2511 int, c2512 int, c2513 int, c2514 int, c2515 int, c2516 int, c2517 int, c2518 int, c2519 int, c2520 int, c2521 int, c2522 int, c2523 int, c2524 int, c2525 int, c2526 int, c2527 int, c2528 int, c2529 int, c2530 int, c2531 int, c2532 int, c2533 int, c2534 int, c2535 int, c2536 int, c2537 int, c2538 int, c2539 int, c2540 int, c2541 int, c2542 int, c2543 int, c2544 int, c2545 int, c2546 int, c2547 int, c2548 int, c2549 int, c2550 int, c2551 int, c2552 int, c2553 int, c2554 int, c2555 int, c2556 int, c2557 int, c2558 int, c2559 int, c2560 int, c2561 int, c2562 int, c2563 int, c2564 int, c2565 int, c2566 int, c2567 int, c2568 int, c2569 int, c2570 int, c2571 int, c2572 int, c2573 int, c2574 int, c2575 int, c2576 int, c2577 int, c2578 int, c2579 int, c2580 int, c2581 int, c2582 int, c2583 int, c2584 int, c2585 int, c2586 int, c2587 int, c2588 int, c2589 int, c2590 int, c2591 int, c2592 int, c2593 int, c2594 int, c2595 int, c2596 int, c2597 int, c2598 int, c2599 int, c2600 int, c2601 int, c2602 int, c2603 int, c2604 int, c2605 int, c2606 int, c2607 int, c2608 int, c2609 int, c2610 int, c2611 int, c2612 int, c2613 int, c2614 int, c2615 int, c2616 int, c2617 int, c2618 int, c2619 int, c2620 int, c2621 int, c2622 int, c2623 int, c2624 int, c2625 int, c2626 int, c2627 int, c2628 int, c2629 int, c2630 int, c2631 int, c2632 int, c2633 int, c2634 int, c2635 int, c2636 int, c2637 int, c2638 int, c2639 int, c2640 int, c2641 int, c2642 int, c2643 int, c2644 int, c2645 int, c2646 int, c2647 int, c2648 int, c2649 int, c2650 int, c2651 int, c2652 int, c2653 int, c2654 int, c2655 int, c2656 int, c2657 int, c2658 int, c2659 int, c2660 int, c2661 int, c2662 int, c2663 int, c2664 int, c2665 int, c2666 int, c2667 int, c2668 int, c2669 int, c2670 int, c2671 int, c2672 int, c2673 int, c2674 int, c2675 int, c2676 int, c2677 int, c2678 int, c2679 int, c2680 int, c2681 int, c2682 int, c2683 int, c2684 int, c2685 int, c2686 int, c2687 int, c2688 int, c2689 int, c2690 int, c2691 int, c2692 int, c2693 int, c2694 int, c2695 int, c2696 int, c2697 int, c2698 int, c2699 int, c2700 int, c2701 int, c2702 int, c2703 int, c2704 int, c2705 int, c2706 int, c2707 int, c2708 int, c2709 int, c2710 int, c2711 int, c2712 int, c2713 int, c2714 int, c2715 int, c2716 int, c2717 int, c2718 int, c2719 int, c2720 int, c2721 int, c2722 int, c2723 int, c2724 int, c2725 int, c2726 int, c2727 int, c2728 int, c2729 int, c2730 int, c2731 int, c2732 int, c2733 int, c2734 int, c2735 int, c2736 int, c2737 int, c2738 int, c2739 int, c2740 int, c2741 int, c2742 int, c2743 int, c2744 int, c2745 int, c2746 int, c2747 int, c2748 int, c2749 int, c2750 int, c2751 int, c2752 int, c2753 int, c2754 int, c2755 int, c2756 int, c2757 int, c2758 int, c2759 int, c2760 int, c2761 int, c2762 int, c2763 int, c2764 int, c2765 int, c2766 int, c2767 int, c2768 int, c2769 int, c2770 int, c2771 int, c2772 int, c2773 int, c2774 int, c2775 int, c2776 int, c2777 int, c2778 int, c2779 int, c2780 int, c2781 int, c2782 int, c2783 int, c2784 int, c2785 int, c2786 int, c2787 int, c2788 int, c2789 int, c2790 int, c2791 int, c2792 int, c2793 int, c2794 int, c2795 int, c2796 int, c2797 int, c2798 int, c2799 int, c2800 int, c2801 int, c2802 int, c2803 int, c2804 int, c2805 int, c2806 int, c2807 int, c2808 int, c2809 int, c2810 int, c2811 int, c2812 int, c2813 int, c2814 int, c2815 int, c2816 int, c2817 int, c2818 int, c2819 int, c2820 int, c2821 int, c2822 int, c2823 int, c2824 int, c2825 int, c2826 int, c2827 int, c2828 int, c2829 int, c2830 int, c2831 int, c2832 int, c2833 int, c2834 int, c2835 int, c2836 int, c2837 int, c2838 int, c2839 int, c2840 int, c2841 int, c2842 int, c2843 int, c2844 int, c2845 int, c2846 int, c2847 int, c2848 int, c2849 int, c2850 int, c2851 int, c2852 int, c2853 int, c2854 int, c2855 int, c2856 int, c2857 int, c2858 int, c2859 int, c2860 int, c2861 int, c2862 int, c2863 int, c2864 int, c2865 int, c2866 int, c2867 int, c2868 int, c2869 int, c2870 int, c2871 int, c2872 int, c2873 int, c2874 int, c2875 int, c2876 int, c2877 int, c2878 int, c2879 int, c2880 int, c2881 int, c2882 int, c2883 int, c2884 int, c2885 int, c2886 int, c2887 int, c2888 int, c2889 int, c2890 int, c2891 int, c2892 int, c2893 int, c2894 int, c2895 int, c2896 int, c2897 int, c2898 int, c2899 int, c2900 int, c2901 int, c2902 int, c2903 int, c2904 int, c2905 int, c2906 int, c2907 int, c2908 int, c2909 int, c2910 int, c2911 int, c2912 int, c2913 int, c2914 int, c2915 int, c2916 int, c2917 int, c2918 int, c2919 int, c2920 int, c2921 int, c2922 int, c2923 int, c2924 int, c2925 int, c2926 int, c2927 int, c2928 int, c2929 int, c2930 int, c2931 int, c2932 int, c2933 int, c2934 int, c2935 int, c2936 int, c2937 int, c2938 int, c2939 int, c2940 int, c2941 int, c2942 int, c2943 int, c2944 int, c2945 int, c2946 int, c2947 int, c2948 int, c2949 int, c2950 int, c2951 int, c2952 int, c2953 int, c2954 int, c2955 int, c2956 int, c2957 int, c2958 int, c2959 int, c2960 int, c2961 int, c2962 int, c2963 int, c2964 int, c2965 int, c2966 int, c2967 int, c2968 int, c2969 int, c2970 int, c2971 int, c2972 int, c2973 int, c2974 int, c2975 int, c2976 int, c2977 int, c2978 int, c2979 int, c2980 int, c2981 int, c2982 int, c2983 int, c2984 int, c2985 int, c2986 int, c2987 int, c2988 int, c2989 int, c2990 int, c2991 int, c2992 int, c2993 int, c2994 int, c2995 int, c2996 int, c2997 int, c2998 int, c2999 int, c3000 int, c3001 int, c3002 int, c3003 int, c3004 int, c3005 int, c3006 int, c3007 int, c3008 int, c3009 int, c3010 int, c3011 int, c3012 int, c3013 int, c3014 int, c3015 int, c3016 int, c3017 int, c3018 int, c3019 int, c3020 int, c3021 int, c3022 int, c3023 int, c3024 int, c3025 int, c3026 int, c3027 int, c3028 int, c3029 int, c3030 int, c3031 int, c3032 int, c3033 int, c3034 int, c3035 int, c3036 int, c3037 int, c3038 int, c3039 int, c3040 int, c3041 int, c3042 int, c3043 int, c3044 int, c3045 int, c3046 int, c3047 int, c3048 int, c3049 int, c3050 int, c3051 int, c3052 int, c3053 int, c3054 int, c3055 int, c3056 int, c3057 int, c3058 int, c3059 int, c3060 int, c3061 int, c3062 int, c3063 int, c3064 int, c3065 int, c3066 int, c3067 int, c3068 int, c3069 int, c3070 int, c3071 int, c3072 int, c3073 int, c3074 int, c3075 int, c3076 int, c3077 int, c3078 int, c3079 int, c3080 int, c3081 int, c3082 int, c3083 int, c3084 int, c3085 int, c3086 int, c3087 int, c3088 int, c3089 int, c3090 int, c3091 int, c3092 int, c3093 int, c3094 int, c3095 int, c3096 int, c3097 int, c3098 int, c3099 int, c3100 int, c3101 int, c3102 int, c3103 int, c3104 int, c3105 int, c3106 int, c3107 int, c3108 int, c3109 int, c3110 int, c3111 int, c3112 int, c3113 int, c3114 int, c3115 int, c3116 int, c3117 int, c3118 int, c3119 int, c3120 int, c3121 int, c3122 int, c3123 int, c3124 int, c3125 int, c3126 int, c3127 int, c3128 int, c3129 int, c3130 int, c3131 int, c3132 int, c3133 int, c3134 int, c3135 int, c3136 int, c3137 int, c3138 int, c3139 int, c3140 int, c3141 int, c3142 int, c3143 int, c3144 int, c3145 int, c3146 int, c3147 int, c3148 int, c3149 int, c3150 int, c3151 int, c3152 int, c3153 int, c3154 int, c3155 int, c3156 int, c3157 int, c3158 int, c3159 int, c3160 int, c3161 int, c3162 int, c3163 int, c3164 int, c3165 int, c3166 int, c3167 int, c3168 int, c3169 int, c3170 int, c3171 int, c3172 int, c3173 int, c3174 int, c3175 int, c3176 int, c3177 int, c3178 int, c3179 int, c3180 int, c3181 int, c3182 int, c3183 int, c3184 int, c3185 int, c3186 int, c3187 int, c3188 int, c3189 int, c3190 int, c3191 int, c3192 int, c3193 int, c3194 int, c3195 int, c3196 int, c3197 int, c3198 int, c3199 int, c3200 int, c3201 int, c3202 int, c3203 int, c3204 int, c3205 int, c3206 int, c3207 int, c3208 int, c3209 int, c3210 int, c3211 int, c3212 int, c3213 int, c3214 int, c3215 int, c3216 int, c3217 int, c3218 int, c3219 int, c3220 int, c3221 int, c3222 int, c3223 int, c3224 int, c3225 int, c3226 int, c3227 int, c3228 int, c3229 int, c3230 int, c3231 int, c3232 int, c3233 int, c3234 int, c3235 int, c3236 int, c3237 int, c3238 int, c3239 int, c3240 int, c3241 int, c3242 int, c3243 int, c3244 int, c3245 int, c3246 int, c3247 int, c3248 int, c3249 int, c3250 int, c3251 int, c3252 int, c3253 int, c3254 int, c3255 int, c3256 int, c3257 int, c3258 int, c3259 int, c3260 int, c3261 int, c3262 int, c3263 int, c3264 int, c3265 int, c3266 int, c3267 int, c3268 int, c3269 int, c3270 int, c3271 int, c3272 int, c3273 int, c3274 int, c3275 int, c3276 int, c3277 int, c3278 int, c3279 int, c3280 int, c3281 int, c3282 int, c3283 int, c3284 int, c3285 int, c3286 int, c3287 int, c3288 int, c3289 int, c3290 int, c3291 int, c3292 int, c3293 int, c3294 int, c3295 int, c3296 int, c3297 int, c3298 int, c3299 int, c3300 int, c3301 int, c3302 int, c3303 int, c3304 int, c3305 int, c3306 int, c3307 int, c3308 int, c3309 int, c3310 int, c3311 int, c3312 int, c3313 int, c3314 int, c3315 int, c3316 int, c3317 int, c3318 int, c3319 int, c3320 int, c3321 int, c3322 int, c3323 int, c3324 int, c3325 int, c3326 int, c3327 int, c3328 int, c3329 int, c3330 int, c3331 int, c3332 int, c3333 int, c3334 int, c3335 int, c3336 int, c3337 int, c3338 int, c3339 int, c3340 int, c3341 int, c3342 int, c3343 int, c3344 int, c3345 int, c3346 int, c3347 int, c3348 int, c3349 int, c3350 int, c3351 int, c3352 int, c3353 int, c3354 int, c3355 int, c3356 int, c3357 int, c3358 int, c3359 int, c3360 int, c3361 int, c3362 int, c3363 int, c3364 int, c3365 int, c3366 int, c3367 int, c3368 int, c3369 int, c3370 int, c3371 int, c3372 int, c3373 int, c3374 int, c3375 int, c3376 int, c3377 int, c3378 int, c3379 int, c3380 int, c3381 int, c3382 int, c3383 int, c3384 int, c3385 int, c3386 int, c3387 int, c3388 int, c3389 int, c3390 int, c3391 int, c3392 int, c3393 int, c3394 int, c3395 int, c3396 int, c3397 int, c3398 int, c3399 int, c3400 int, c3401 int, c3402 int, c3403 int, c3404 int, c3405 int, c3406 int, c3407 int, c3408 int, c3409 int, c3410 int, c3411 int, c3412 int, c3413 int, c3414 int, c3415 int, c3416 int, c3417 int, c3418 int, c3419 int, c3420 int, c3421 int, c3422 int, c3423 int, c3424 int, c3425 int, c3426 int, c3427 int, c3428 int, c3429 int, c3430 int, c3431 int, c3432 int, c3433 int, c3434 int, c3435 int, c3436 int, c3437 int, c3438 int, c3439 int, c3440 int, c3441 int, c3442 int, c3443 int, c3444 int, c3445 int, c3446 int, c3447 int, c3448 int, c3449 int, c3450 int, c3451 int, c3452 int, c3453 int, c3454 int, c3455 int, c3456 int, c3457 int, c3458 int, c3459 int, c3460 int, c3461 int, c3462 int, c3463 int, c3464 int, c3465 int, c3466 int, c3467 int, c3468 int, c3469 int, c3470 int, c3471 int, c3472 int, c3473 int, c3474 int, c3475 int, c3476 int, c3477 int, c3478 int, c3479 int, c3480 int, c3481 int, c3482 int, c3483 int, c3484 int, c3485 int, c3486 int, c3487 int, c3488 int, c3489 int, c3490 int, c3491 int, c3492 int, c3493 int, c3494 int, c3495 int, c3496 int, c3497 int, c3498 int, c3499 int, c3500 int, c3501 int, c3502 int, c3503 int, c3504 int, c3505 int, c3506 int, c3507 int, c3508 int, c3509 int, c3510 int, c3511 int, c3512 int, c3513 int, c3514 int, c3515 int, c3516 int, c3517 int, c3518 int, c3519 int, c3520 int, c3521 int, c3522 int, c3523 int, c3524 int, c3525 int, c3526 int, c3527 int, c3528 int, c3529 int, c3530 int, c3531 int, c3532 int, c3533 int, c3534 int, c3535 int, c3536 int, c3537 int, c3538 int, c3539 int, c3540 int, c3541 int, c3542 int, c3543 int, c3544 int, c3545 int, c3546 int, c3547 int, c3548 int, c3549 int, c3550 int, c3551 int, c3552 int, c3553 int, c3554 int, c3555 int, c3556 int, c3557 int, c3558 int, c3559 int, c3560 int, c3561 int, c3562 int, c3563 int, c3564 int, c3565 int, c3566 int, c3567 int, c3568 int, c3569 int, c3570 int, c3571 int, c3572 int, c3573 int, c3574 int, c3575 int, c3576 int, c3577 int, c3578 int, c3579 int, c3580 int, c3581 int, c3582 int, c3583 int, c3584 int, c3585 int, c3586 int, c3587 int, c3588 int, c3589 int, c3590 int, c3591 int, c3592 int, c3593 int, c3594 int, c3595 int, c3596 int, c3597 int, c3598 int, c3599 int, c3600 int, c3601 int, c3602 int, c3603 int, c3604 int, c3605 int, c3606 int, c3607 int, c3608 int, c3609 int, c3610 int, c3611 int, c3612 int, c3613 int, c3614 int, c3615 int, c3616 int, c3617 int, c3618 int, c3619 int, c3620 int, c3621 int, c3622 int, c3623 int, c3624 int, c3625 int, c3626 int, c3627 int, c3628 int, c3629 int, c3630 int, c3631 int, c3632 int, c3633 int, c3634 int, c3635 int, c3636 int, c3637 int, c3638 int, c3639 int, c3640 int, c3641 int, c3642 int, c3643 int, c3644 int, c3645 int, c3646 int, c3647 int, c3648 int, c3649 int, c3650 int, c3651 int, c3652 int, c3653 int, c3654 int, c3655 int, c3656 int, c3657 int, c3658 int, c3659 int, c3660 int, c3661 int, c3662 int, c3663 int, c3664 int, c3665 int, c3666 int, c3667 int, c3668 int, c3669 int, c3670 int, c3671 int, c3672 int, c3673 int, c3674 int, c3675 int, c3676 int, c3677 int, c3678 int, c3679 int, c3680 int, c3681 int, c3682 int, c3683 int, c3684 int, c3685 int, c3686 int, c3687 int, c3688 int, c3689 int, c3690 int, c3691 int, c3692 int, c3693 int, c3694 int, c3695 int, c3696 int, c3697 int, c3698 int, c3699 int, c3700 int, c3701 int, c3702 int, c3703 int, c3704 int, c3705 int, c3706 int, c3707 int, c3708 int, c3709 int, c3710 int, c3711 int, c3712 int, c3713 int, c3714 int, c3715 int, c3716 int, c3717 int, c3718 int, c3719 int, c3720 int, c3721 int, c3722 int, c3723 int, c3724 int, c3725 int, c3726 int, c3727 int, c3728 int, c3729 int, c3730 int, c3731 int, c3732 int, c3733 int, c3734 int, c3735 int, c3736 int, c3737 int, c3738 int, c3739 int, c3740 int, c3741 int, c3742 int, c3743 int, c3744 int, c3745 int, c3746 int, c3747 int, c3748 int, c3749 int, c3750 int, c3751 int, c3752 int, c3753 int, c3754 int, c3755 int, c3756 int, c3757 int, c3758 int, c3759 int, c3760 int, c3761 int, c3762 int, c3763 int, c3764 int, c3765 int, c3766 int, c3767 int, c3768 int, c3769 int, c3770 int, c3771 int, c3772 int, c3773 int, c3774 int, c3775 int, c3776 int, c3777 int, c3778 int, c3779 int, c3780 int, c3781 int, c3782 int, c3783 int, c3784 int, c3785 int, c3786 int, c3787 int, c3788 int, c3789 int, c3790 int, c3791 int, c3792 int, c3793 int, c3794 int, c3795 int, c3796 int, c3797 int, c3798 int, c3799 int, c3800 int, c3801 int, c3802 int, c3803 int, c3804 int, c3805 int, c3806 int, c3807 int, c3808 int, c3809 int, c3810 int, c3811 int, c3812 int, c3813 int, c3814 int, c3815 int, c3816 int, c3817 int, c3818 int, c3819 int, c3820 int, c3821 int, c3822 int, c3823 int, c3824 int, c3825 int, c3826 int, c3827 int, c3828 int, c3829 int, c3830 int, c3831 int, c3832 int, c3833 int, c3834 int, c3835 int, c3836 int, c3837 int, c3838 int, c3839 int, c3840 int, c3841 int, c3842 int, c3843 int, c3844 int, c3845 int, c3846 int, c3847 int, c3848 int, c3849 int, c3850 int, c3851 int, c3852 int, c3853 int, c3854 int, c3855 int, c3856 int, c3857 int, c3858 int, c3859 int, c3860 int, c3861 int, c3862 int, c3863 int, c3864 int, c3865 int, c3866 int, c3867 int, c3868 int, c3869 int, c3870 int, c3871 int, c3872 int, c3873 int, c3874 int, c3875 int, c3876 int, c3877 int, c3878 int, c3879 int, c3880 int, c3881 int, c3882 int, c3883 int, c3884 int, c3885 int, c3886 int, c3887 int, c3888 int, c3889 int, c3890 int, c3891 int, c3892 int, c3893 int, c3894 int, c3895 int, c3896 int, c3897 int, c3898 int, c3899 int, c3900 int, c3901 int, c3902 int, c3903 int, c3904 int, c3905 int, c3906 int, c3907 int, c3908 int, c3909 int, c3910 int, c3911 int, c3912 int, c3913 int, c3914 int, c3915 int, c3916 int, c3917 int, c3918 int, c3919 int, c3920 int, c3921 int, c3922 int, c3923 int, c3924 int, c3925 int, c3926 int, c3927 int, c3928 int, c3929 int, c3930 int, c3931 int, c3932 int, c3933 int, c3934 int, c3935 int, c3936 int, c3937 int, c3938 int, c3939 int, c3940 int, c3941 int, c3942 int, c3943 int, c3944 int, c3945 int, c3946 int, c3947 int, c3948 int, c3949 int, c3950 int, c3951 int, c3952 int, c3953 int, c3954 int, c3955 int, c3956 int, c3957 int, c3958 int, c3959 int, c3960 int, c3961 int, c3962 int, c3963 int, c3964 int, c3965 int, c3966 int, c3967 int, c3968 int, c3969 int, c3970 int, c3971 int, c3972 int, c3973 int, c3974 int, c3975 int, c3976 int, c3977 int, c3978 int, c3979 int, c3980 int, c3981 int, c3982 int, c3983 int, c3984 int, c3985 int, c3986 int, c3987 int, c3988 int, c3989 int, c3990 int, c3991 int, c3992 int, c3993 int, c3994 int, c3995 int, c3996 int, c3997 int, c3998 int, c3999 int, c4000 int, c4001 int, c4002 int, c4003 int, c4004 int, c4005 int, c4006 int, c4007 int, c4008 int, c4009 int, c4010 int, c4011 int, c4012 int, c4013 int, c4014 int, c4015 int, c4016 int, c4017 int, c4018 int, c4019 int, c4020 int, c4021 int, c4022 int, c4023 int, c4024 int, c4025 int, c4026 int, c4027 int, c4028 int, c4029 int, c4030 int, c4031 int, c4032 int, c4033 int, c4034 int, c4035 int, c4036 int, c4037 int, c4038 int, c4039 int, c4040 int, c4041 int, c4042 int, c4043 int, c4044 int, c4045 int, c4046 int, c4047 int, c4048 int, c4049 int, c4050 int, c4051 int, c4052 int, c4053 int, c4054 int, c4055 int, c4056 int, c4057 int, c4058 int, c4059 int, c4060 int, c4061 int, c4062 int, c4063 int, c4064 int, c4065 int, c4066 int, c4067 int, c4068 int, c4069 int, c4070 int, c4071 int, c4072 int, c4073 int, c4074 int, c4075 int, c4076 int, c4077 int, c4078 int, c4079 int, c4080 int, c4081 int, c4082 int, c4083 int, c4084 int, c4085 int, c4086 int, c4087 int, c4088 int, c4089 int, c4090 int, c4091 int, c4092 int, c4093 int) tags (t int);
select `columns`, `tags` from information_schema.ins_stables where db_name = 'c37_db' and stable_name = 'many_cols';
-- @error
alter stable c37_db.many_cols add column c4094 int;
-- @error
alter stable c37_db.many_cols add tag t2 int;
drop stable c37_db.many_cols;
drop stable c37_db.many_tags;
-- the life of a super table
create stable c37_db.m (ts timestamp, v int, s varchar(8)) tags (g int, name varchar(8));
create table c37_db.m1 using c37_db.m tags (1, 'one');
create table c37_db.m2 using c37_db.m tags (2, 'two');
create table c37_db.m3 using c37_db.m tags (3, 'three');
insert into c37_db.m1 values ('2024-01-01 00:00:00', 1, 'a') c37_db.m2 values ('2024-01-01 00:00:00', 2, 'b') c37_db.m3 values ('2024-01-01 00:00:00', 3, 'c');
alter stable c37_db.m add column f float;
describe c37_db.m;
describe c37_db.m1;
-- @ordered
select col_name, col_type, col_length from information_schema.ins_columns where db_name = 'c37_db' and table_name = 'm' order by col_name;
select * from c37_db.m1;
insert into c37_db.m1 values ('2024-01-01 00:00:01', 11, 'aa', 1.5);
-- @ordered
select ts, v, s, f from c37_db.m1 order by ts;
alter stable c37_db.m add tag k nchar(4);
-- @ordered
select table_name, tag_name, tag_type, tag_value from information_schema.ins_tags where db_name = 'c37_db' and stable_name = 'm' and table_name = 'm1' order by tag_name;
show create table c37_db.m1;
show create stable c37_db.m;
alter stable c37_db.m modify column s varchar(16);
select col_name, col_length from information_schema.ins_columns where db_name = 'c37_db' and table_name = 'm' and col_name = 's';
insert into c37_db.m2 values ('2024-01-01 00:00:01', 22, 'sixteen-byte-val', 2.5);
-- @ordered
select s, length(s) from c37_db.m2 order by ts;
alter stable c37_db.m modify tag name varchar(20);
alter table c37_db.m3 set tag name = 'a much longer name';
select tbname, name from c37_db.m where tbname = 'm3';
alter stable c37_db.m rename tag name label;
describe c37_db.m2;
show create stable c37_db.m;
-- @ordered
select tag_name, tag_value from information_schema.ins_tags where db_name = 'c37_db' and table_name = 'm3' order by tag_name;
-- @ordered
select tbname, label from c37_db.m order by tbname;
-- @error
select tbname, name from c37_db.m;
alter stable c37_db.m drop column f;
describe c37_db.m;
-- @ordered
select * from c37_db.m1 order by ts;
alter stable c37_db.m drop tag k;
select `columns`, `tags` from information_schema.ins_stables where db_name = 'c37_db' and stable_name = 'm';
select count(*) from information_schema.ins_tags where db_name = 'c37_db' and stable_name = 'm';
-- set tag values, one and several
alter table c37_db.m1 set tag label = 'uno';
alter table c37_db.m2 set tag g = 22, label = 'dos';
alter table c37_db.m3 set tag g = null;
-- @ordered
select tbname, g, label from c37_db.m order by tbname;
-- @ordered
select table_name, tag_value from information_schema.ins_tags where db_name = 'c37_db' and tag_name = 'g' order by table_name;
alter table c37_db.m3 set tag label = null, g = 33;
show create table c37_db.m3;
-- @error
alter table c37_db.m1 set tag g = 1, g = 2;
-- @error
alter table c37_db.m1 set tag g = 'x', label = 'y';
-- @error
alter table c37_db.m1 set tag label = 'this is longer than twenty';
-- @error
alter table c37_db.m1 set tag nosuch = 1, g = 2;
-- @error
alter stable c37_db.m set tag g = 5;
-- @error
alter table c37_db.m set tag g = 5;
-- @error
alter table c37_db.m1 set tag ts = 5;
-- @error
alter table c37_db.m1 set tag v = 5;
-- @error
alter table c37_db.nosuch set tag g = 5;
alter table c37_db.st1 set tag t_ts = 1704067200000;
alter table c37_db.st1 set tag t_ubi = 0, t_ti = 127, t_f = -1.5;
alter table c37_db.st1 set tag t_geo = 'POINT(3 4)';
alter table c37_db.st1 set tag t_vb = '\x41';
-- @ordered
select tag_name, tag_type, tag_value from information_schema.ins_tags where db_name = 'c37_db' and table_name = 'st1' order by tag_name;
-- @error
alter table c37_db.st1 set tag t_ti = 128;
-- @error
alter table c37_db.st1 set tag t_ubi = -1;
-- @error
alter table c37_db.st1 set tag t_geo = 'POINT(1)';
-- @error
alter table c37_db.st1 set tag t_bool = 'maybe';
-- @error
alter table c37_db.st1 set tag t_nc = 'fivee';
alter table c37_db.st1 set tag t_nc = '四个字符';
select t_nc, length(t_nc) from c37_db.st1;
-- comment and ttl
alter stable c37_db.m comment 'meters';
select stable_name, table_comment from information_schema.ins_stables where db_name = 'c37_db' and stable_name = 'm';
show create stable c37_db.m;
alter table c37_db.m1 comment 'first';
alter table c37_db.m1 ttl 3;
alter table c37_db.m2 ttl 2147483647;
-- @ordered
select table_name, `ttl`, table_comment from information_schema.ins_tables where db_name = 'c37_db' and stable_name = 'm' order by table_name;
-- @error
alter table c37_db.m2 ttl 2147483648;
-- @error
alter table c37_db.m2 ttl -1;
-- @error
alter stable c37_db.m ttl 3;
-- @error
alter table c37_db.m1 comment 'a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows a comment far longer than the limit allows';
alter table c37_db.m1 comment '';
show create table c37_db.m1;
-- ALTER refusals on a super table
-- @error
alter stable c37_db.m modify column v bigint;
-- @error
alter stable c37_db.m modify column s varchar(4);
-- @error
alter stable c37_db.m modify column s nchar(20);
-- @error
alter stable c37_db.m modify tag label varchar(2);
-- @error
alter stable c37_db.m modify tag g bigint;
-- @error
alter stable c37_db.m modify column ts timestamp;
-- @error
alter stable c37_db.m rename tag label g;
-- @error
alter stable c37_db.m rename tag label v;
-- @error
alter stable c37_db.m rename tag nosuch x;
-- @error
alter stable c37_db.m rename column v vv;
-- @error
alter stable c37_db.m add column label int;
-- @error
alter stable c37_db.m add tag s int;
-- @error
alter stable c37_db.m add column w varchar(70000);
-- @error
alter stable c37_db.m add column w json;
-- @error
alter stable c37_db.m add tag j json;
-- @error
alter stable c37_db.m drop column nosuch;
-- @error
alter stable c37_db.m modify column nosuch int;
-- @error
alter stable c37_db.m1 add tag z int;
-- @error
alter table c37_db.m1 modify column s varchar(30);
-- @error
alter table c37_db.m1 rename column v vv;
-- @error
alter table c37_db.m1 drop tag g;
-- @error
alter stable c37_db.nosuch drop tag g;
-- @error
alter stable c37_db.m add column;
-- @error
alter stable c37_db.m add tag w int, k int;
-- the last tag and the last column cannot go
create stable c37_db.one (ts timestamp, v int) tags (t int);
-- @error
alter stable c37_db.one drop tag t;
-- @error
alter stable c37_db.one drop column v;
alter stable c37_db.one add column w double;
alter stable c37_db.one drop column v;
alter stable c37_db.one add column v int;
describe c37_db.one;
alter stable c37_db.one add column vb varbinary(8);
alter stable c37_db.one add column g geometry(32);
alter stable c37_db.one add column dd decimal(12, 3);
alter stable c37_db.one add tag tv varbinary(8);
alter stable c37_db.one modify column vb varbinary(32);
-- @error
alter stable c37_db.one modify column g geometry(16);
alter stable c37_db.one modify column g geometry(100);
-- @ordered
select col_name, col_type, col_length, col_precision, col_scale from information_schema.ins_columns where db_name = 'c37_db' and table_name = 'one' order by col_name;
show create stable c37_db.one;
-- the life of a normal table
create table c37_db.nt (ts timestamp, a int, b varchar(10)) ttl 5 comment 'normal';
insert into c37_db.nt values ('2024-01-01 00:00:00', 1, 'x');
alter table c37_db.nt add column c double;
alter table c37_db.nt modify column b varchar(20);
alter table c37_db.nt rename column a aa;
describe c37_db.nt;
select * from c37_db.nt;
alter table c37_db.nt drop column c;
alter table c37_db.nt comment 'still normal';
alter table c37_db.nt ttl 0;
show create table c37_db.nt;
select table_name, `type`, `columns`, `ttl`, table_comment from information_schema.ins_tables where db_name = 'c37_db' and table_name = 'nt';
-- @ordered
select col_name, col_type, col_length from information_schema.ins_columns where db_name = 'c37_db' and table_name = 'nt' order by col_name;
alter table c37_db.nt add column n nchar(3);
insert into c37_db.nt values ('2024-01-01 00:00:01', 2, 'twenty', 'abc');
-- @ordered
select ts, aa, b, n from c37_db.nt order by ts;
alter table c37_db.nt modify column n nchar(6);
select col_name, col_length from information_schema.ins_columns where db_name = 'c37_db' and table_name = 'nt' and col_name = 'n';
-- @error
alter table c37_db.nt rename column aa b;
-- @error
alter table c37_db.nt rename column nosuch z;
-- @error
alter table c37_db.nt modify column aa bigint;
-- @error
alter table c37_db.nt modify column n nchar(2);
-- @error
alter table c37_db.nt add column aa int;
-- @error
alter table c37_db.nt drop column nosuch;
-- @error
alter table c37_db.nt add tag t int;
-- @error
alter table c37_db.nt drop tag t;
-- @error
alter table c37_db.nt rename tag t u;
-- @error
alter table c37_db.nt modify tag t int;
-- @error
alter table c37_db.nt add column x varchar(65517);
-- @error
alter table c37_db.nt ttl 'x';
-- @error
alter table c37_db.nt rename column ts aa;
-- @error
alter table c37_db.nt add column `` int;
-- @error
alter table c37_db.nt add column ccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc int;
alter table c37_db.nt add column cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc int;
alter table c37_db.nt rename column cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc c64;
describe c37_db.nt;
-- drops: child tables, through the super table, normal tables
create table c37_db.m4 using c37_db.m tags (4, 'four') c37_db.m5 using c37_db.m tags (5, 'five');
select count(*) from information_schema.ins_tables where db_name = 'c37_db' and stable_name = 'm';
drop table c37_db.m4;
drop table if exists c37_db.m4, c37_db.m5;
-- @ordered
select table_name from information_schema.ins_tables where db_name = 'c37_db' and stable_name = 'm' order by table_name;
-- @error
drop table c37_db.m4;
-- @error
drop stable c37_db.m1;
drop table if exists c37_db.nosuch;
-- @error
drop stable c37_db.nt;
select count(*) from c37_db.m;
drop table c37_db.m;
select count(*) from information_schema.ins_tables where db_name = 'c37_db' and stable_name = 'm';
select count(*) from information_schema.ins_tags where db_name = 'c37_db' and stable_name = 'm';
select count(*) from information_schema.ins_columns where db_name = 'c37_db' and table_name in ('m', 'm1', 'm2', 'm3');
-- @error
select * from c37_db.m1;
-- @error
describe c37_db.m1;
-- @error
show create table c37_db.m2;
create stable c37_db.m (ts timestamp, v2 bigint) tags (g2 int);
create table c37_db.m1 using c37_db.m tags (7);
describe c37_db.m1;
drop table c37_db.nt;
-- @ordered
select table_name, `type` from information_schema.ins_tables where db_name = 'c37_db' order by table_name;
-- @ordered
select stable_name from information_schema.ins_stables where db_name = 'c37_db' order by stable_name;
-- timestamps of each precision in DESCRIBE and SHOW CREATE
create table c37_us.t (ts timestamp, v int);
create table c37_ns.t (ts timestamp, v int);
describe c37_us.t;
show create table c37_ns.t;
-- @error
insert into c37_us.t values ('2024-01-01 00:00:00.123456', 1);
-- @error
insert into c37_ns.t values ('2024-01-01 00:00:00.123456789', 1);
select count(*) from c37_us.t;
select count(*) from c37_ns.t;
-- single_stable: one super table only
create stable c37_opt.s1 (ts timestamp, v int) tags (t int);
-- @error
create stable c37_opt.s2 (ts timestamp, v int) tags (t int);
create table c37_opt.n1 (ts timestamp, v int);
select count(*) from information_schema.ins_stables where db_name = 'c37_opt';
drop database c37_db;
drop database c37_us;
drop database c37_ns;
drop database c37_opt;
select count(*) from information_schema.ins_databases where name like 'c37%';
