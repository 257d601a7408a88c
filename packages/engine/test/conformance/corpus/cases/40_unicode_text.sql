-- the same statements over ASCII, Latin-1, CJK and emoji text (with skin-tone modifiers, flags, a ZWJ sequence),
-- mixed, empty and NULL text, in VARCHAR and NCHAR columns, tags and literals: LENGTH (bytes of VARCHAR, 4 a
-- character of NCHAR) and CHAR_LENGTH (code points), UPPER/LOWER (ASCII letters only), SUBSTR/SUBSTRING with
-- positions and lengths that fall inside multi-byte characters, SUBSTRING_INDEX, CONCAT/CONCAT_WS of VARCHAR with
-- NCHAR (result type and length), REPLACE, POSITION, TRIM/LTRIM/RTRIM, ASCII, CHAR, REPEAT, LIKE/NOT LIKE with % and
-- _, MATCH/NMATCH, comparisons, ORDER BY/GROUP BY/DISTINCT, CAST between text types and numbers, inserts beyond the
-- declared length in bytes or characters, DESCRIBE/SHOW CREATE lengths, non-ASCII table names and tag values,
-- FIRST/LAST/MIN/MAX of text, JSON tags with non-ASCII values
-- @ignore
drop database if exists p_uni_a;
-- @ignore
drop database if exists p_uni_b;
-- @ignore
drop database if exists p_uni_j;
create database p_uni_a vgroups 1;
create table p_uni_a.t (ts timestamp, v varchar(32), n nchar(12), k int);
describe p_uni_a.t;
show create table p_uni_a.t;
insert into p_uni_a.t values ('2024-01-01 00:00:00', 'abc', 'abc', 1) ('2024-01-01 00:00:01', 'café', 'café', 2) ('2024-01-01 00:00:02', 'naïve ß', 'NAÏVE Ä', 3);
insert into p_uni_a.t values ('2024-01-01 00:00:03', '北京', '東京', 2) ('2024-01-01 00:00:04', '한국어', '한국어', 1);
insert into p_uni_a.t values ('2024-01-01 00:00:05', '😀', '😀', 1) ('2024-01-01 00:00:06', '👍🏽', '👍🏽', 2) ('2024-01-01 00:00:07', '🇯🇵🇫🇷', '🇯🇵', 3);
insert into p_uni_a.t values ('2024-01-01 00:00:08', 'a北😀é', 'a北😀é', 4) ('2024-01-01 00:00:09', '', '', 0) ('2024-01-01 00:00:10', null, null, null);
insert into p_uni_a.t values ('2024-01-01 00:00:11', '  ä 北  ', ' 😀 ', 2) ('2024-01-01 00:00:12', 'ÄÖÜ', 'ÀÉÎ', -1) ('2024-01-01 00:00:13', '👨‍👩‍👧', '👨‍👩‍👧', 5);
select * from p_uni_a.t order by ts;
select count(*), count(v), count(n) from p_uni_a.t;
-- lengths
select ts, length(v), char_length(v) from p_uni_a.t order by ts;
select ts, length(n), char_length(n) from p_uni_a.t order by ts;
select length('abc'), length('café'), length('naïve'), length('ß'), length('Ä');
select char_length('abc'), char_length('café'), char_length('naïve'), char_length('ß'), char_length('Ä');
select length('北京'), length('東京'), length('한국어'), char_length('北京'), char_length('한국어');
select length('😀'), length('👍🏽'), length('🇯🇵'), length('👨‍👩‍👧');
select char_length('😀'), char_length('👍🏽'), char_length('🇯🇵'), char_length('👨‍👩‍👧');
select length(''), char_length(''), length(null), char_length(null);
-- a non-ASCII constant cast to NCHAR is refused (3.3.7.5); an ASCII one is not
-- @error
select length(cast('北京' as nchar(4)));
select length(cast('abc' as nchar(4))), char_length(cast('abc' as nchar(4)));
select ts from p_uni_a.t where length(v) = 8 order by ts;
select ts from p_uni_a.t where char_length(v) = 1 order by ts;
select ts from p_uni_a.t where length(n) > 12 order by ts;
select ts, length(v) - char_length(v) from p_uni_a.t where v is not null order by ts;
select sum(length(v)), sum(char_length(v)), max(length(n)), min(char_length(n)) from p_uni_a.t;
-- case mapping: ASCII letters only
select ts, upper(v), lower(v) from p_uni_a.t order by ts;
select ts, upper(n), lower(n) from p_uni_a.t order by ts;
select upper('café'), upper('naïve'), upper('ß'), lower('Ä'), lower('ÀÉÎ');
select upper('北京abc'), lower('ABC😀'), upper('👍🏽x'), lower('');
-- @error
select upper(null), lower(null);
select ts from p_uni_a.t where upper(v) = 'CAFé' order by ts;
select ts from p_uni_a.t where lower(n) = 'naÏve Ä' order by ts;
-- SUBSTR/SUBSTRING count characters
select ts, substr(v, 1, 1) from p_uni_a.t order by ts;
select ts, substr(v, 2) from p_uni_a.t order by ts;
select ts, substr(v, 2, 1) from p_uni_a.t order by ts;
select ts, substr(n, 1, 1) from p_uni_a.t order by ts;
select ts, substr(n, 2) from p_uni_a.t order by ts;
select ts, substr(v, -1) from p_uni_a.t order by ts;
select ts, substr(n, -2, 1) from p_uni_a.t order by ts;
select ts, substr(v, k) from p_uni_a.t order by ts;
select ts, substr(n, 1, k) from p_uni_a.t order by ts;
select ts, substring(v, 3, 2), substring(n, 3, 2) from p_uni_a.t order by ts;
select ts, substring(v from 2 for 2) from p_uni_a.t order by ts;
select substr('café', 4, 1), substr('café', 4), substr('café', 5), substr('café', 3, 2);
select substr('北京東京', 2, 2), substr('北京東京', -3, 2), substr('北京東京', 5), substr('北京東京', 0, 2);
select substr('😀👍🏽🇯🇵', 2, 1), substr('😀👍🏽🇯🇵', 3, 1), substr('😀👍🏽🇯🇵', 2, 2), substr('😀👍🏽🇯🇵', -2);
select substr('a北😀é', 2, 2), substr('a北😀é', 3), substr('a北😀é', -1), substr('a北😀é', 1, 0);
select substr('👨‍👩‍👧', 1, 1), substr('👨‍👩‍👧', 2, 1), substr('👨‍👩‍👧', 3), substr('👨‍👩‍👧', 1, 3);
select ts, substr(n, 2, 2), substr(n, -3, 2), substr(n, 0, 2), substr(n, 4) from p_uni_a.t order by ts;
select substr('', 1, 1), substr(null, 1), substr('abc', null), substr('abc', 1, null);
select length(substr('a北😀é', 2, 2)), char_length(substr('a北😀é', 2, 2));
select substring('naïve' from 3), substring('한국어' from 2 for 1);
-- SUBSTRING_INDEX
select substring_index('北京,東京,서울', ',', 1), substring_index('北京,東京,서울', ',', 2), substring_index('北京,東京,서울', ',', -1);
select substring_index('a😀b😀c', '😀', 2), substring_index('a😀b😀c', '😀', -2), substring_index('café', 'é', 1);
select ts, substring_index(v, '北', 1) from p_uni_a.t order by ts;
-- CONCAT / CONCAT_WS: VARCHAR with NCHAR gives NCHAR
select ts, concat(v, v) from p_uni_a.t order by ts;
select ts, concat(n, n) from p_uni_a.t order by ts;
select ts, concat(v, n) from p_uni_a.t order by ts;
select ts, concat(n, '·', v) from p_uni_a.t order by ts;
select ts, concat_ws('|', v, n) from p_uni_a.t order by ts;
select ts, concat_ws('→', v, v) from p_uni_a.t order by ts;
select ts, concat_ws(',', n, 'x', n) from p_uni_a.t order by ts;
select concat('café', '北京'), concat('😀', '👍🏽', '🇯🇵'), concat('', '北'), concat('a', null);
select concat_ws('·', 'café', '北京', '😀'), concat_ws('', '北', '京'), concat_ws('😀', 'a', 'b'), concat_ws(null, 'a', 'b');
select concat_ws('-', 'a', null, 'b'), concat_ws('-', null, null);
select ts, concat(n, 'abc'), concat('北京', n) from p_uni_a.t where ts <= '2024-01-01 00:00:05' order by ts;
select concat(cast('ab' as nchar(2)), 'é'), concat('北', cast('x' as nchar(1)));
select ts, concat_ws('😀', n, v), concat_ws('', v, '北', n) from p_uni_a.t where ts >= '2024-01-01 00:00:05' order by ts;
-- @error
select concat_ws(cast('|' as nchar(1)), 'a', 'b');
select length(concat('café', '北京')), char_length(concat('café', '北京')), length(concat(cast('e' as nchar(1)), 'a'));
select ts, length(concat(v, n)), char_length(concat(v, n)) from p_uni_a.t order by ts;
-- REPLACE
select ts, replace(v, '北', '南') from p_uni_a.t order by ts;
select ts, replace(n, '😀', ':)') from p_uni_a.t order by ts;
select ts, replace(v, 'é', 'e'), replace(n, 'é', 'e') from p_uni_a.t order by ts;
select replace('café café', 'é', 'ée'), replace('北京北京', '京', ''), replace('👍🏽', '🏽', ''), replace('🇯🇵🇫🇷', '🇵🇫', '-');
select replace('naïve', 'ï', 'i'), replace('ß', 'ß', 'ss'), replace('', 'a', 'b'), replace('abc', 'b', '北京');
select ts, replace(n, '京', 'kyō'), replace(v, 'a', '北') from p_uni_a.t where ts <= '2024-01-01 00:00:04' order by ts;
-- POSITION counts characters
select ts, position('é' in v), position('é' in n) from p_uni_a.t order by ts;
select ts, position('😀' in v), position('😀' in n) from p_uni_a.t order by ts;
select position('京' in '北京'), position('ß' in 'naïve ß'), position('🏽' in '👍🏽'), position('🇵' in '🇯🇵🇫🇷');
select position('' in '北京'), position('x' in ''), position('b' in 'a北😀éb'), position('é' in 'cafe');
select ts, position('京' in n), position('🏽' in n), position(' ' in n) from p_uni_a.t order by ts;
-- TRIM/LTRIM/RTRIM
select ts, trim(v), ltrim(v), rtrim(v) from p_uni_a.t order by ts;
select ts, trim(n), ltrim(n), rtrim(n) from p_uni_a.t order by ts;
select ts, length(trim(v)), char_length(rtrim(n)) from p_uni_a.t order by ts;
select trim(both '北' from '北京北'), trim(leading '😀' from '😀😀a😀'), trim(trailing '🏽' from '👍🏽'), trim('é' from 'éaé');
select trim(both 'ab' from 'abéab'), ltrim('　北京'), rtrim('北京　'), trim(' ä ');
-- ASCII: the first byte
select ts, ascii(v), ascii(n) from p_uni_a.t where v <> '' order by ts;
select ascii('a'), ascii('é'), ascii('ß'), ascii('北'), ascii('😀'), ascii('👍🏽');
select ts, ascii(substr(n, 2)), ascii(substr(v, 2)) from p_uni_a.t where k > 1 order by ts;
-- CHAR: one character a byte of the integer
select char(99, 97, 102), char(233), char(195, 169), char(228, 184, 173), char(240, 159, 152, 128);
select char(20013), length(char(195, 169)), char_length(char(228, 184, 173));
select char(k + 96) from p_uni_a.t where k > 0 and k < 5 order by ts;
-- REPEAT
select repeat('é', 3), repeat('北京', 2), repeat('😀', 3), repeat('👍🏽', 2), repeat('', 5);
select length(repeat('北', 3)), char_length(repeat('😀', 4));
select ts, repeat(v, 2) from p_uni_a.t order by ts;
select ts, repeat(n, k) from p_uni_a.t where k >= 0 order by ts;
select repeat('a', null), repeat(null, 2);
select ts, length(repeat(n, 2)), char_length(repeat(v, 3)) from p_uni_a.t order by ts;
-- LIKE: `_` is a byte of VARCHAR and a character of NCHAR
select ts from p_uni_a.t where v like 'caf_' order by ts;
select ts from p_uni_a.t where v like 'caf__' order by ts;
select ts from p_uni_a.t where n like 'caf_' order by ts;
select ts from p_uni_a.t where n like 'caf__' order by ts;
select ts from p_uni_a.t where v like '__' order by ts;
select ts from p_uni_a.t where v like '______' order by ts;
select ts from p_uni_a.t where n like '__' order by ts;
select ts from p_uni_a.t where n like '_' order by ts;
select ts from p_uni_a.t where v like '____' order by ts;
select ts from p_uni_a.t where v like '________' order by ts;
select ts from p_uni_a.t where n like '___' order by ts;
select ts from p_uni_a.t where v like '%京' order by ts;
select ts from p_uni_a.t where n like '%京' order by ts;
select ts from p_uni_a.t where v like '%😀%' order by ts;
select ts from p_uni_a.t where n like '%😀%' order by ts;
select ts from p_uni_a.t where v like '%é' order by ts;
select ts from p_uni_a.t where v like 'a%é' order by ts;
select ts from p_uni_a.t where v like 'a_北%' order by ts;
select ts from p_uni_a.t where n like 'a_😀_' order by ts;
select ts from p_uni_a.t where v like 'CAFÉ' order by ts;
select ts from p_uni_a.t where v like 'CAF%' order by ts;
select ts from p_uni_a.t where n like 'naïve%' order by ts;
select ts from p_uni_a.t where n like 'NAÏVE%' order by ts;
select ts from p_uni_a.t where v like '' order by ts;
select ts from p_uni_a.t where v like '%' order by ts;
select ts from p_uni_a.t where v not like '%北%' order by ts;
select ts from p_uni_a.t where n not like '_' order by ts;
select ts from p_uni_a.t where v not like '%_%' order by ts;
select ts from p_uni_a.t where v like '👍%' order by ts;
select ts from p_uni_a.t where v like '🇯🇵%' order by ts;
select ts from p_uni_a.t where v like '%\_%' order by ts;
-- MATCH/NMATCH over UTF-8
select ts from p_uni_a.t where v match '北' order by ts;
select ts from p_uni_a.t where v match '^.$' order by ts;
select ts from p_uni_a.t where n match '^.$' order by ts;
select ts from p_uni_a.t where v match '^..$' order by ts;
select ts from p_uni_a.t where v match 'é$' order by ts;
select ts from p_uni_a.t where n match '^[a-z]' order by ts;
select ts from p_uni_a.t where v nmatch '[a-z]' order by ts;
select ts from p_uni_a.t where n nmatch '^$' order by ts;
select ts from p_uni_a.t where v match '[😀北]' order by ts;
select ts from p_uni_a.t where v match '^[^a-z]+$' order by ts;
select ts from p_uni_a.t where v match 'caf[eé]' order by ts;
select ts from p_uni_a.t where n match 'Ä|é' order by ts;
select ts from p_uni_a.t where v match '😀|👍' order by ts;
select ts from p_uni_a.t where v regexp '^한' order by ts;
select ts from p_uni_a.t where n not regexp '.' order by ts;
-- comparison of text
select ts from p_uni_a.t where v = 'café' order by ts;
select ts from p_uni_a.t where n = 'café' order by ts;
select ts from p_uni_a.t where v = n order by ts;
select ts from p_uni_a.t where v <> n order by ts;
select ts from p_uni_a.t where v > 'z' order by ts;
select ts from p_uni_a.t where n > 'z' order by ts;
select ts from p_uni_a.t where v < 'b' order by ts;
select ts from p_uni_a.t where v >= '北' order by ts;
select ts from p_uni_a.t where n <= '東京' order by ts;
select ts from p_uni_a.t where v between 'a' and 'caf' order by ts;
select ts from p_uni_a.t where v in ('北京', '😀', 'x') order by ts;
select ts from p_uni_a.t where n in ('東京', '👍🏽') order by ts;
select ts from p_uni_a.t where n not in ('abc', '') order by ts;
select ts from p_uni_a.t where v = '' order by ts;
select ts from p_uni_a.t where n is null order by ts;
select 'é' > 'e', '北' > 'z', '😀' > '北', 'a' < 'B', 'café' = 'café';
-- ORDER BY, GROUP BY, DISTINCT
select v from p_uni_a.t order by v;
select v from p_uni_a.t order by v desc;
select n from p_uni_a.t order by n;
select n from p_uni_a.t order by n desc nulls last;
select v, ts from p_uni_a.t order by length(v), ts;
select n, ts from p_uni_a.t order by char_length(n) desc, ts;
select v from p_uni_a.t order by v limit 3 offset 5;
select distinct v from p_uni_a.t;
select distinct n from p_uni_a.t;
select distinct length(v) from p_uni_a.t;
select distinct char_length(n) from p_uni_a.t;
select char_length(v) as c, count(*) from p_uni_a.t group by char_length(v);
select length(n) as l, count(*) from p_uni_a.t group by length(n);
select v, count(*) from p_uni_a.t group by v having count(*) >= 1 order by v;
select substr(v, 1, 1) as f, count(*) from p_uni_a.t group by substr(v, 1, 1);
select count(*) from (select distinct v from p_uni_a.t);
-- FIRST/LAST/MIN/MAX of text
select first(v), last(v), first(n), last(n) from p_uni_a.t;
select first(v), last(n) from p_uni_a.t where ts >= '2024-01-01 00:00:03' and ts <= '2024-01-01 00:00:07';
select min(v) from p_uni_a.t;
select max(n) from p_uni_a.t;
select last_row(v), last_row(n) from p_uni_a.t;
select mode(length(v)) from p_uni_a.t;
select min(v), max(v), min(n), max(n) from p_uni_a.t where ts <= '2024-01-01 00:00:04';
-- CAST between text types and from numbers
-- a VARCHAR column with non-ASCII text cast to NCHAR is refused (3.3.7.5)
-- @error
select ts, cast(v as nchar(2)) from p_uni_a.t order by ts;
select ts, cast(v as nchar(2)) from p_uni_a.t where ts = '2024-01-01 00:00:00';
select ts, cast(n as varchar(3)) from p_uni_a.t order by ts;
select ts, cast(v as varchar(5)) from p_uni_a.t order by ts;
select ts, cast(n as nchar(1)) from p_uni_a.t order by ts;
select ts, cast(n as varchar(40)) from p_uni_a.t order by ts;
select ts, cast(v as nchar(32)) from p_uni_a.t order by ts;
select cast('café' as varchar(4)), cast('café' as varchar(5)), cast('北京' as varchar(4)), cast('北京' as varchar(3));
select cast('😀' as varchar(3)), cast('😀' as varchar(2)), cast('👍🏽' as varchar(4)), cast('🇯🇵' as varchar(5));
-- @error
select cast('é' as nchar(0));
-- @error
select cast('é' as varchar(0));
select length(cast('北京' as varchar(4))), char_length(cast('😀x' as varchar(5)));
select cast('abc' as varbinary(8)), cast('café' as varbinary(8)), cast('北' as varbinary(4)), cast('😀' as varbinary(4));
select cast('北京' as varbinary(2)), cast('' as varbinary(1));
-- @error
select cast(cast('北' as nchar(1)) as varbinary(8));
select ts, cast(v as varbinary(16)) from p_uni_a.t order by ts;
select cast('１２３' as int), cast('12é' as int), cast('北' as int), cast('3.5😀' as double);
select cast(123 as nchar(3)), cast(-1.5 as varchar(8)), cast(true as nchar(4)), cast(12345 as varchar(2));
select cast(ts as nchar(30)), cast(k as varchar(2)) from p_uni_a.t where ts = '2024-01-01 00:00:03';
select cast('2024-01-01 北京' as timestamp);
-- text in arithmetic and functions over numbers
select ts, v + 1 from p_uni_a.t where ts <= '2024-01-01 00:00:03' order by ts;
select '北' + 0, 'é' * 2, '3' + '4';
-- MD5/TO_BASE64 and hex of UTF-8
select md5('北京'), md5('😀'), md5('naïve'), to_base64('北京'), to_base64('👍🏽');
select ts, md5(v) from p_uni_a.t order by ts;
select ts, to_base64(n) from p_uni_a.t order by ts;
-- inserts beyond the declared length: VARCHAR in bytes, NCHAR in characters
create table p_uni_a.s (ts timestamp, v varchar(6), n nchar(3));
describe p_uni_a.s;
insert into p_uni_a.s values ('2024-01-01 00:00:00', '北京', '北京東');
insert into p_uni_a.s values ('2024-01-01 00:00:01', 'ééé', '😀😀😀');
insert into p_uni_a.s values ('2024-01-01 00:00:02', '😀a', '👍🏽a');
insert into p_uni_a.s values ('2024-01-01 00:00:03', 'abcdef', 'abc');
-- @error
insert into p_uni_a.s values ('2024-01-01 00:00:04', '北京x', 'a');
-- @error
insert into p_uni_a.s values ('2024-01-01 00:00:04', 'éééé', 'a');
-- @error
insert into p_uni_a.s values ('2024-01-01 00:00:04', '😀😀', 'a');
-- @error
insert into p_uni_a.s values ('2024-01-01 00:00:04', 'abcdefg', 'a');
-- @error
insert into p_uni_a.s values ('2024-01-01 00:00:04', 'a', '北京東京');
-- @error
insert into p_uni_a.s values ('2024-01-01 00:00:04', 'a', '👍🏽👍🏽');
-- @error
insert into p_uni_a.s values ('2024-01-01 00:00:04', 'a', '🇯🇵🇫🇷');
-- @error
insert into p_uni_a.s values ('2024-01-01 00:00:04', 'a', 'abcd');
-- @error
insert into p_uni_a.s values ('2024-01-01 00:00:04', 'a', '👨‍👩‍👧');
-- @error
insert into p_uni_a.s values ('2024-01-01 00:00:05', '🇯🇵', 'a');
insert into p_uni_a.s values ('2024-01-01 00:00:05', '🇯', '🇯🇵');
select * from p_uni_a.s order by ts;
select ts, length(v), char_length(v), length(n), char_length(n) from p_uni_a.s order by ts;
select count(*) from p_uni_a.s;
alter table p_uni_a.s modify column v varchar(8);
alter table p_uni_a.s modify column n nchar(5);
insert into p_uni_a.s values ('2024-01-01 00:00:06', '😀😀', '👨‍👩‍👧');
describe p_uni_a.s;
show create table p_uni_a.s;
select * from p_uni_a.s where ts = '2024-01-01 00:00:06';
-- @error
alter table p_uni_a.s modify column n nchar(4);
-- super table with text tags; non-ASCII tag values
create stable p_uni_a.st (ts timestamp, v varchar(12), n nchar(4)) tags (tv varchar(8), tn nchar(3));
describe p_uni_a.st;
show create stable p_uni_a.st;
create table p_uni_a.c1 using p_uni_a.st tags ('ascii', 'abc');
create table p_uni_a.c2 using p_uni_a.st tags ('café', 'ßÄ');
create table p_uni_a.c3 using p_uni_a.st tags ('北京', '東京都');
create table p_uni_a.c4 using p_uni_a.st tags ('😀👍', '🇯🇵');
create table p_uni_a.c5 using p_uni_a.st tags ('', '');
create table p_uni_a.c6 using p_uni_a.st tags (null, null);
insert into p_uni_a.c1 values ('2024-01-01 00:00:00', 'x', 'x') ('2024-01-01 00:00:01', 'y', 'y');
insert into p_uni_a.c2 values ('2024-01-01 00:00:00', 'é', 'ß') ('2024-01-01 00:00:01', 'èè', 'Ä');
insert into p_uni_a.c3 values ('2024-01-01 00:00:00', '北', '北京') ('2024-01-01 00:00:01', '京京', '東京都');
insert into p_uni_a.c4 values ('2024-01-01 00:00:00', '😀', '😀👍🏽') ('2024-01-01 00:00:01', '🇫🇷', '🇯🇵');
insert into p_uni_a.c5 values ('2024-01-01 00:00:00', '', '');
insert into p_uni_a.c6 values ('2024-01-01 00:00:00', null, null);
-- @error
create table p_uni_a.c7 using p_uni_a.st tags ('東京都', 'a');
-- @error
create table p_uni_a.c7 using p_uni_a.st tags ('a', '北京東京');
-- @error
create table p_uni_a.c7 using p_uni_a.st tags ('😀😀😀', 'a');
create table p_uni_a.c7 using p_uni_a.st tags ('😀😀', '😀😀😀');
-- @error
insert into p_uni_a.c8 using p_uni_a.st tags ('a', '👨‍👩‍👧') values ('2024-01-01 00:00:00', 'a', 'a');
insert into p_uni_a.c8 using p_uni_a.st tags ('ñ', 'ñÑ') values ('2024-01-01 00:00:00', 'ñ', 'Ññ');
select tbname, tv, tn from p_uni_a.st order by tbname, ts;
select distinct tv, tn from p_uni_a.st;
select tbname, length(tv), char_length(tv), length(tn), char_length(tn) from p_uni_a.st partition by tbname order by tbname;
select tbname from p_uni_a.st where tv = '北京' partition by tbname;
select tbname from p_uni_a.st where tn like '_京%' partition by tbname;
select tbname from p_uni_a.st where tv like '_____' partition by tbname order by tbname;
select tbname from p_uni_a.st where tn match '^.{2}$' partition by tbname order by tbname;
select tv, count(*) from p_uni_a.st group by tv;
select tn, count(*), first(v), last(n) from p_uni_a.st group by tn;
select tn, count(*) from p_uni_a.st partition by tn order by tn;
select tbname, first(n), last(v) from p_uni_a.st partition by tbname order by tbname;
select tv, max(length(v)), min(char_length(n)) from p_uni_a.st group by tv order by tv;
select concat(tv, tn), concat_ws('/', tn, tv, v) from p_uni_a.st where tbname in ('c2', 'c3', 'c4') order by tbname, ts;
select upper(tv), substr(tn, 2), length(concat(tv, v)) from p_uni_a.st where tbname = 'c4' order by ts;
select tag_name, tag_type, tag_value from information_schema.ins_tags where db_name = 'p_uni_a' and stable_name = 'st' order by table_name, tag_name;
select col_name, col_type, col_length from information_schema.ins_columns where db_name = 'p_uni_a' and table_name = 'st';
select col_name, col_type, col_length from information_schema.ins_columns where db_name = 'p_uni_a' and table_name = 's';
alter table p_uni_a.c1 set tag tn = '한국어';
alter table p_uni_a.c5 set tag tv = '€€';
-- @error
alter table p_uni_a.c5 set tag tv = '€€€';
-- @error
alter table p_uni_a.c1 set tag tn = '한국어a';
select tbname, tv, tn from p_uni_a.st where tbname in ('c1', 'c5') order by tbname, ts;
alter stable p_uni_a.st modify tag tn nchar(6);
describe p_uni_a.c1;
alter table p_uni_a.c1 set tag tn = '😀👍🏽🇯🇵';
select distinct tbname, tn, char_length(tn) from p_uni_a.st where tbname = 'c1';
-- non-ASCII table names
create database p_uni_b vgroups 1;
create table p_uni_b.`北京` (ts timestamp, v nchar(4));
create table p_uni_b.`café` (ts timestamp, v varchar(8));
create table p_uni_b.`😀` (ts timestamp, v int);
insert into p_uni_b.`北京` values ('2024-01-01 00:00:00', '天安门');
insert into p_uni_b.`café` values ('2024-01-01 00:00:00', 'crème');
insert into p_uni_b.`😀` values ('2024-01-01 00:00:00', 1);
show p_uni_b.tables;
select table_name from information_schema.ins_tables where db_name = 'p_uni_b' order by table_name;
select tbname, v from p_uni_b.`北京`;
select tbname, * from p_uni_b.`café`;
select tbname, v from p_uni_b.`😀`;
describe p_uni_b.`北京`;
show create table p_uni_b.`北京`;
show create table p_uni_b.`😀`;
-- @error
select * from p_uni_b.北京;
-- @error
select * from p_uni_b.`東京`;
create stable p_uni_b.`城市` (ts timestamp, `温度` float) tags (`名称` nchar(4));
create table p_uni_b.`s_上海` using p_uni_b.`城市` tags ('上海');
-- @error
create table p_uni_b.`s_ü` using p_uni_b.`城市` tags ('Zürich');
create table p_uni_b.`s_ü` using p_uni_b.`城市` tags ('Zür');
insert into p_uni_b.`s_上海` values ('2024-01-01 00:00:00', 21.5);
insert into p_uni_b.`s_ü` values ('2024-01-01 00:00:00', 11.5);
describe p_uni_b.`城市`;
show create stable p_uni_b.`城市`;
select tbname, `温度`, `名称` from p_uni_b.`城市` order by tbname;
select `名称`, avg(`温度`) from p_uni_b.`城市` group by `名称` order by `名称`;
select tbname, length(tbname), char_length(tbname) from p_uni_b.`城市` order by tbname;
select tbname from p_uni_b.`城市` where tbname like 's\__%' order by tbname;
select tbname from p_uni_b.`城市` where tbname = 's_上海';
select stable_name from information_schema.ins_stables where db_name = 'p_uni_b';
select table_name, stable_name from information_schema.ins_tables where db_name = 'p_uni_b' and stable_name is not null order by table_name;
select col_name, col_type, col_length from information_schema.ins_columns where db_name = 'p_uni_b' and table_name = '城市';
show p_uni_b.stables like '城%';
show p_uni_b.tables like 's_%';
drop table p_uni_b.`😀`;
show p_uni_b.tables;
-- JSON tags with non-ASCII values
create database p_uni_j vgroups 1;
create stable p_uni_j.st (ts timestamp, v int) tags (j json);
create table p_uni_j.j1 using p_uni_j.st tags ('{"city":"北京","mood":"😀","word":"café"}');
create table p_uni_j.j2 using p_uni_j.st tags ('{"city":"Zürich","n":1}');
create table p_uni_j.j3 using p_uni_j.st tags ('{"city":"","flag":"🇯🇵"}');
-- @error
create table p_uni_j.j4 using p_uni_j.st tags ('{"城市":"北京"}');
-- @error
create table p_uni_j.j4 using p_uni_j.st tags ('{"é":1}');
insert into p_uni_j.j1 values ('2024-01-01 00:00:00', 1);
insert into p_uni_j.j2 values ('2024-01-01 00:00:00', 2);
insert into p_uni_j.j3 values ('2024-01-01 00:00:00', 3);
select tbname, j from p_uni_j.st order by tbname;
select tbname, j->'city', j->'mood', j->'flag' from p_uni_j.st order by tbname;
select tbname from p_uni_j.st where j->'city' = '北京';
select tbname from p_uni_j.st where j->'city' like 'Z%' order by tbname;
select tbname from p_uni_j.st where j->'mood' match '😀';
select tbname from p_uni_j.st where j contains 'flag';
-- @error
select tbname, length(j->'city') from p_uni_j.st order by tbname;
select tag_name, tag_type, tag_value from information_schema.ins_tags where db_name = 'p_uni_j' order by table_name;
select to_json('{"k":"北京"}'), to_json('{"k":"😀"}');
-- @error
select to_json('{"北":1}');
-- @ignore
drop database if exists p_uni_a;
-- @ignore
drop database if exists p_uni_b;
-- @ignore
drop database if exists p_uni_j;
