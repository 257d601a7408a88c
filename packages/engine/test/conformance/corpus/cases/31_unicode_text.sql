-- the same string functions over ASCII, Latin-1, CJK and emoji text, in VARCHAR and NCHAR columns, tags and
-- literals: lengths, case mapping, ASCII, substrings, positions, concatenation and their result types, LIKE with `_`
-- and `%` per byte or character, MATCH/NMATCH/REGEXP, CAST to text, byte functions, GROUP BY and ORDER BY of text
-- @ignore
drop database if exists p_uni;
create database p_uni vgroups 1;
create stable p_uni.st (ts timestamp, v varchar(32), n nchar(16)) tags (tv varchar(16), tn nchar(8));
create table p_uni.c_ascii using p_uni.st tags ('plain', 'plain');
create table p_uni.c_latin using p_uni.st tags ('Zürich', 'Grüße');
create table p_uni.c_cjk using p_uni.st tags ('東京都', '北京');
create table p_uni.c_emoji using p_uni.st tags ('🗼x', '🚀');
insert into p_uni.c_ascii values ('2024-01-01 00:00:00', 'Hello', 'Hello') ('2024-01-01 00:00:05', '', '') ('2024-01-01 00:00:06', null, null);
insert into p_uni.c_latin values ('2024-01-01 00:00:01', 'café', 'Grüße') ('2024-01-01 00:00:07', 'ÄÖÜ straße', 'ÉCOLE ÿ');
insert into p_uni.c_cjk values ('2024-01-01 00:00:02', '中文字', '北京') ('2024-01-01 00:00:08', '日本語のテキスト', '한국어');
insert into p_uni.c_emoji values ('2024-01-01 00:00:03', '😀x', '🚀🌍') ('2024-01-01 00:00:09', '👍🏽 ok', '🇨🇳');
-- lengths: VARCHAR in bytes, NCHAR in 4 bytes a character; CHAR_LENGTH in characters
-- @ordered
select ts, length(v), char_length(v), length(n), char_length(n) from p_uni.st order by ts;
-- @ordered
select tbname, length(tv), char_length(tv), length(tn), char_length(tn) from p_uni.st partition by tbname order by tbname limit 4;
select length('日本語'), char_length('日本語'), length('😀'), char_length('😀'), length('é'), char_length('');
-- case mapping
-- @ordered
select ts, upper(v), lower(v), upper(n), lower(n) from p_uni.st order by ts;
select upper('straße'), lower('ÉCOLE'), upper('abc-ÿ'), lower('ÄÖÜ'), upper('');
-- ASCII: the first byte (of an empty text TDengine 3.3.7.5 reads past the end: not asked)
-- @ordered
select ts, ascii(v), ascii(n) from p_uni.st where v <> '' order by ts;
select ascii('é'), ascii('A'), ascii('中'), ascii('😀');
-- substrings and positions count characters
-- @ordered
select ts, substr(v, 2, 2), substr(n, -1), substr(v, 3) from p_uni.st order by ts;
select substr('中文字符串', 2, 2), substr('😀😁😂', 2), substr('abcdef', 0), substr('abcdef', 2, -1), substr('ÄÖÜ', 2, 1);
-- @ordered
select ts, substring(n from 2 for 1) from p_uni.st order by ts;
select position('文' in '中文字'), position('界' in 'Grüße 世界'), position('' in 'abc'), position('x' in '😀x');
-- @ordered
select ts, position('e' in v), position('京' in n) from p_uni.st order by ts;
-- concatenation and result types
-- @ordered
select ts, concat(v, n), concat(v, '|', n), concat_ws('|', v, n) from p_uni.st order by ts;
select concat('a', '中', '😀'), concat_ws('-', 'é', '文'), concat('', '');
-- @ordered
select tbname, concat(tv, tn), concat_ws('/', tv, v) from p_uni.st where ts < '2024-01-01 00:00:04' order by ts;
-- repeat, replace, trim
select repeat('é', 3), repeat('中', 2), repeat('😀', 0), repeat('ab', 1);
-- @ordered
select ts, replace(v, 'é', 'e'), replace(n, '京', '✓') from p_uni.st order by ts;
select trim('  ä '), ltrim('  ä '), rtrim('  ä '), trim(both 'x' from 'x中x'), trim(leading '😀' from '😀a😀'), trim(trailing 'é' from 'éaé');
-- @ordered
select ts, trim(v), ltrim(n) from p_uni.st order by ts;
-- LIKE: `_` is one byte of VARCHAR and one character of NCHAR; ASCII letters either case
-- @ordered
select ts from p_uni.st where v like 'caf_' order by ts;
-- @ordered
select ts from p_uni.st where v like 'caf__' order by ts;
-- @ordered
select ts from p_uni.st where v like '_____' order by ts;
-- @ordered
select ts from p_uni.st where v like '_________' order by ts;
-- @ordered
select ts from p_uni.st where v like '中%' order by ts;
-- @ordered
select ts from p_uni.st where v like 'HELLO' order by ts;
-- @ordered
select ts from p_uni.st where v like 'CAF%' order by ts;
-- @ordered
select ts from p_uni.st where v like 'cafÉ' order by ts;
-- @ordered
select ts from p_uni.st where n like '__' order by ts;
-- @ordered
select ts from p_uni.st where n like 'grüße' order by ts;
-- @ordered
select ts from p_uni.st where n like '🚀%' order by ts;
-- @ordered
select ts from p_uni.st where v not like 'h%' order by ts;
-- @ordered
select tbname from p_uni.st where tn like '北_' partition by tbname order by tbname;
-- @ordered
select tbname from p_uni.st where tv like '___' partition by tbname order by tbname;
-- MATCH, NMATCH, REGEXP over UTF-8
-- @ordered
select ts from p_uni.st where v match '^caf' order by ts;
-- @ordered
select ts from p_uni.st where v regexp '^中' order by ts;
-- @ordered
select ts from p_uni.st where v not regexp '^[a-z]' order by ts;
-- @ordered
select ts from p_uni.st where n nmatch '[a-z]' order by ts;
-- @ordered
select ts from p_uni.st where n match '^.{2}$' order by ts;
-- CAST to text keeps bytes of VARCHAR and characters of NCHAR
-- @ordered
select ts, cast(v as varchar(3)), cast(n as nchar(1)) from p_uni.st where ts <> '2024-01-01 00:00:03' and ts <> '2024-01-01 00:00:09' order by ts;
select cast('hello' as varchar(2)), cast('😀' as varchar(4)), cast(2147483647 as nchar(5)), cast('中文' as nchar(1));
-- byte functions read UTF-8
select char(65, 66, 67), md5('abc'), md5('café'), to_base64('café'), to_base64('中');
-- @ordered
select ts, md5(v), to_base64(v) from p_uni.st order by ts;
-- @error
select md5(n) from p_uni.st;
-- @ordered
select ts, to_base64(n) from p_uni.st where ts in ('2024-01-01 00:00:01', '2024-01-01 00:00:02') order by ts;
-- comparison, grouping and ordering of text
-- @ordered
select v from p_uni.st where v is not null order by v;
-- @ordered
select n from p_uni.st where n is not null order by n desc;
select count(*), tv from p_uni.st group by tv;
select count(*), tn from p_uni.st partition by tn;
-- @ordered
select ts from p_uni.st where v > 'b' order by ts;
-- @ordered
select ts from p_uni.st where n = '北京' or v = '😀x' order by ts;
-- @ordered
select ts from p_uni.st where v in ('café', '中文字') order by ts;
-- sizes on insert: bytes for VARCHAR, characters for NCHAR
-- @error
insert into p_uni.c_cjk values ('2024-01-01 00:01:00', '一二三四五六七八九十一', null);
-- @error
insert into p_uni.c_emoji values ('2024-01-01 00:01:00', null, '😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀');
insert into p_uni.c_cjk values ('2024-01-01 00:01:01', '一二三四五六七八九十', '一二三四五六七八九十一二三四五六');
-- @ordered
select ts, length(v), char_length(n) from p_uni.st where ts >= '2024-01-01 00:01:00' order by ts;
-- @error
create table p_uni.c_bad using p_uni.st tags ('東京都東京都', 'x');
-- @error
create table p_uni.c_bad using p_uni.st tags ('x', '一二三四五六七八九');
-- @ignore
drop database if exists p_uni;
