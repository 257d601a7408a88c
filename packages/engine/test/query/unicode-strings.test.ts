import { describe, expect, it } from 'vitest';
import { quoteText } from '@tscloud/contracts/sql';
import { useQueryFixture } from './fixture';

/*
 * The same statements over ASCII, Latin-1, CJK and emoji text. Expected values are TDengine 3.3.7.5's: taken from the
 * conformance goldens (03_types_text, 11_string_functions, 13_like_match_regexp) or worked out by its documented
 * rules — VARCHAR is UTF-8 measured in bytes, NCHAR is UCS-4 measured in characters (4 bytes each), case mapping and
 * LIKE's case folding touch ASCII letters only in VARCHAR, and LIKE's `_` is one byte of VARCHAR, one NCHAR character.
 */

const f = useQueryFixture(async () => {
  await f.run('CREATE TABLE test.texts (ts TIMESTAMP, v VARCHAR(32), n NCHAR(16))');
  await f.run(
    "INSERT INTO test.texts VALUES (1700000000000, 'Hello', 'Hello') (1700000001000, 'café', 'Grüße') " +
      "(1700000002000, '中文字', '北京') (1700000003000, '😀x', '🚀🌍') (1700000004000, '', '') (1700000005000, NULL, NULL)",
  );
});

/** One value per text row, in ts order (ASCII, Latin-1, CJK, emoji, empty, NULL). */
async function column(expr: string, where = ''): Promise<unknown[]> {
  return (await f.rows(`select ${expr} from texts ${where} order by ts`)).map((r) => r[0]);
}

async function matching(condition: string): Promise<unknown[]> {
  return (await f.rows(`select ts from texts where ${condition} order by ts`)).map((r) => Number(r[0]) - 1700000000000);
}

describe('lengths: VARCHAR in bytes, NCHAR in characters', () => {
  it('LENGTH counts UTF-8 bytes of VARCHAR and 4 bytes a character of NCHAR; CHAR_LENGTH counts characters', async () => {
    expect(await column('length(v)')).toEqual([5, 5, 9, 5, 0, null]);
    expect(await column('char_length(v)')).toEqual([5, 4, 3, 2, 0, null]);
    expect(await column('length(n)')).toEqual([20, 20, 8, 8, 0, null]);
    expect(await column('char_length(n)')).toEqual([5, 5, 2, 2, 0, null]);
    expect(await f.rows("select length('日本語'), char_length('日本語'), length('😀'), char_length('😀')")).toEqual([[9, 3, 4, 1]]);
  });

  it('a literal is VARCHAR of its UTF-8 byte length', async () => {
    const r = await f.query("select upper('straße'), lower('ÄÖÜ'), upper('')");
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['VARCHAR', 7],
      ['VARCHAR', 6],
      ['VARCHAR', 0],
    ]);
  });
});

describe('case mapping and ASCII', () => {
  it('UPPER and LOWER map ASCII letters only', async () => {
    expect(await column('upper(v)')).toEqual(['HELLO', 'CAFé', '中文字', '😀X', '', null]);
    expect(await column('lower(n)')).toEqual(['hello', 'grüße', '北京', '🚀🌍', '', null]);
    expect(await column('upper(n)')).toEqual(['HELLO', 'GRüßE', '北京', '🚀🌍', '', null]);
    expect(await f.rows("select upper('straße'), lower('ÉCOLE'), upper('abc-ÿ')")).toEqual([['STRAßE', 'École', 'ABC-ÿ']]);
  });

  it('ASCII is the first byte of the UTF-8 text, for NCHAR too', async () => {
    // 中 is E4 B8 AD, 北 E5 8C 97, 😀 and 🚀 start with F0; é starts with C3
    expect(await column('ascii(v)', 'where v is null or v <> \'\'')).toEqual([72, 99, 228, 240, null]);
    expect(await column('ascii(n)', 'where n is null or n <> \'\'')).toEqual([72, 71, 229, 240, null]);
    expect(await f.rows("select ascii('é'), ascii('A')")).toEqual([[195, 65]]);
  });
});

describe('substrings, concatenation and their result types', () => {
  it('SUBSTR counts characters of either type; position 0 or a negative length give an empty string', async () => {
    expect(await column('substr(v, 2, 2)')).toEqual(['el', 'af', '文字', 'x', '', null]);
    expect(await column('substr(n, -1)')).toEqual(['o', 'e', '京', '🌍', '', null]);
    expect(await f.rows("select substr('中文字符串', 2, 2), substr('😀😁😂', 2), substr('abcdef', 0), substr('abcdef', 2, -1)")).toEqual([
      ['文字', '😁😂', '', ''],
    ]);
    expect(await column('substring(n from 2 for 1)')).toEqual(['e', 'r', '京', '🌍', '', null]);
    expect(await f.rows("select position('文' in '中文字'), position('界' in 'Grüße 世界'), position('' in 'abc')")).toEqual([[2, 8, 1]]);
  });

  it('CONCAT of VARCHAR and NCHAR is NCHAR sized from both (bytes each + 2, VARCHAR counted 4 a byte)', async () => {
    const r = await f.query("select concat(v, n), concat(v, '|', n), concat_ws('|', v, n), concat('a', '中', '😀') from texts order by ts");
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['NCHAR', 50],
      ['NCHAR', 53],
      ['NCHAR', 53],
      ['VARCHAR', 12],
    ]);
    expect(r.rows.map((row) => row[1])).toEqual(['Hello|Hello', 'café|Grüße', '中文字|北京', '😀x|🚀🌍', '|', null]);
  });

  it('REPEAT, REPLACE and TRIM size their results as TDengine does', async () => {
    const r = await f.query("select repeat('é', 3), replace(n, '世', '✓'), trim(n), ltrim('  ä '), trim(both 'x' from 'x中x') from texts limit 1");
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['VARCHAR', 10],
      ['NCHAR', 64],
      ['NCHAR', 65],
      ['VARCHAR', 3],
      ['VARCHAR', 5],
    ]);
    expect(r.rows[0][0]).toBe('ééé');
    expect(r.rows[0][3]).toBe('ä ');
    expect(r.rows[0][4]).toBe('中');
  });
});

describe('LIKE', () => {
  it('VARCHAR: `_` is one byte, so a character takes as many `_` as it has UTF-8 bytes', async () => {
    expect(await matching("v like 'caf_'")).toEqual([]);
    expect(await matching("v like 'caf__'")).toEqual([1000]);
    expect(await matching("v like '_____'")).toEqual([0, 1000, 3000]);
    expect(await matching("v like '___'")).toEqual([]);
    expect(await matching("v like '_________'")).toEqual([2000]);
    expect(await matching("v like '中%'")).toEqual([2000]);
    expect(await matching("v like '__%'")).toEqual([0, 1000, 2000, 3000]);
    expect(await matching("v like '%x'")).toEqual([3000]);
  });

  it('VARCHAR: ASCII letters match either case, other letters only themselves', async () => {
    expect(await matching("v like 'HELLO'")).toEqual([0]);
    expect(await matching("v like 'CAF%'")).toEqual([1000]);
    expect(await matching("v like 'cafÉ'")).toEqual([]);
    expect(await matching("v not like 'h%'")).toEqual([1000, 2000, 3000, 4000]);
  });

  it('a backslash makes `%` and `_` plain characters', async () => {
    await f.run('CREATE TABLE test.escapes (ts TIMESTAMP, v VARCHAR(8), n NCHAR(8))');
    await f.run("INSERT INTO test.escapes VALUES (1700000000000, 'a_b%', 'a_b%') (1700000001000, 'axbc', 'axbc')");
    const hits = async (condition: string) => (await f.rows(`select v from escapes where ${condition} order by ts`)).map((r) => r[0]);
    expect(await hits("v like 'a\\_b\\%'")).toEqual(['a_b%']);
    expect(await hits("n like 'a\\_b\\%'")).toEqual(['a_b%']);
    expect(await hits("v like 'a\\_B%'")).toEqual(['a_b%']);
    expect(await hits("v like 'a_b%'")).toEqual(['a_b%', 'axbc']);
    // a trailing backslash is a plain character (DuckDB's LIKE would refuse a pattern ending in its escape)
    await f.run("INSERT INTO test.escapes VALUES (1700000002000, 'x\\\\', 'x\\\\')");
    expect(await hits("v like 'x\\\\'")).toEqual(['x\\']);
    expect(await hits("n like '%\\\\'")).toEqual(['x\\']);
  });

  it('NCHAR: only ASCII letters match either case (TDengine\'s towlower in the C locale)', async () => {
    expect(await matching("n like 'grüsse' or n like 'grüße'")).toEqual([1000]);
    expect(await matching("n like 'GRÜSSE' or n like 'GRÜßE'")).toEqual([]);
    expect(await matching("n like 'GRüßE'")).toEqual([1000]);
  });

  it('NCHAR: `_` is one character', async () => {
    expect(await matching("n like '__'")).toEqual([2000, 3000]);
    expect(await matching("n like 'grüße'")).toEqual([1000]);
    expect(await matching("n like '🚀%'")).toEqual([3000]);
  });
});

describe('MATCH, NMATCH and REGEXP', () => {
  it('match UTF-8 text; REGEXP is MATCH and NOT REGEXP is NMATCH', async () => {
    expect(await matching("v match '^caf'")).toEqual([1000]);
    expect(await matching("v regexp '^中'")).toEqual([2000]);
    expect(await matching("v not regexp '^[a-z]'")).toEqual([0, 2000, 3000, 4000]);
    expect(await matching("n nmatch '[a-z]'")).toEqual([2000, 3000, 4000]);
  });

  it('a pattern POSIX does not compile is 0x2681; a non-string operand is 0x0200', async () => {
    expect((await f.error("select * from texts where v match '(?i)x'")).code).toBe(0x2681);
    expect((await f.error("select * from texts where v match '('")).code).toBe(0x2681);
    expect((await f.error('select * from texts where v like 1')).code).toBe(0x0200);
    expect((await f.error("select * from texts where ts like '2024%'")).code).toBe(0x0200);
  });
});

describe('SUBSTR before the first character, trims, CHAR, REPEAT of NULL, SUBSTRING_INDEX (40_unicode_text)', () => {
  it('a negative SUBSTR start before the first character starts at the first, its length counted from there', async () => {
    expect(await f.rows("select substr('ab', -3, 2), substr('abc', -5, 3), substr('北京', -3, 1), substr('😀', -2, 1)")).toEqual([['ab', 'abc', '北', '😀']]);
    expect(await column('substr(n, -3, 2)')).toEqual(['ll', 'üß', '北京', '🚀🌍', '', null]);
  });

  it('LTRIM/RTRIM/TRIM of VARCHAR remove ASCII white space only (isspace), of NCHAR Unicode white space', async () => {
    expect(await f.rows("select ltrim('　北京'), rtrim('北京　'), ltrim(concat(char(9), 'ab')), trim(concat(char(10), 'a '))")).toEqual([['　北京', '北京　', 'ab', 'a']]);
    await f.run("INSERT INTO test.texts VALUES (1700000009000, '　x　', '　x　')");
    expect(await f.rows('select ltrim(v), rtrim(n), trim(n) from texts where ts = 1700000009000')).toEqual([['　x　', '　x', 'x']]);
    await f.run('DELETE FROM test.texts WHERE ts = 1700000009000');
  });

  it('CHAR reads the bytes of all its integers together as UTF-8', async () => {
    expect(await f.rows('select char(195, 169), char(228, 184, 173), char(240, 159, 152, 128), char(233), length(char(195, 169))')).toEqual([
      ['é', '中', '😀', '\uFFFD', 2],
    ]);
  });

  it('REPEAT with a NULL count is NULL, sized as one copy; of a NULL text VARCHAR(0)', async () => {
    const r = await f.query("select repeat('a', null), repeat(null, 2)");
    expect(r.rows).toEqual([[null, null]]);
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['VARCHAR', 1],
      ['VARCHAR', 0],
    ]);
  });

  it('SUBSTRING_INDEX cuts at the count-th delimiter from either end, in the first argument’s type', async () => {
    expect(await f.rows("select substring_index('北京,東京,서울', ',', 2), substring_index('a😀b😀c', '😀', -2), substring_index('a.b', '', 1), substring_index('a.b.c', '.', 0), substring_index('a.b.c', '.', -5)")).toEqual([
      ['北京,東京', 'b😀c', '', '', 'a.b.c'],
    ]);
    const r = await f.query("select substring_index(n, 'ü', 1), substring_index(null, 'b', 1), substring_index('abc', 'b', null) from texts where ts = 1700000001000");
    expect(r.rows).toEqual([['Gr', null, null]]);
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['NCHAR', 16],
      ['VARCHAR', 0],
      ['VARCHAR', 3],
    ]);
  });

  it('CONCAT_WS takes a literal separator only (0x2802 for an expression)', async () => {
    expect((await f.error("select concat_ws(cast('|' as nchar(1)), 'a', 'b')")).code).toBe(0x2802);
    expect((await f.error("select concat_ws(v, 'a', 'b') from texts")).code).toBe(0x2802);
  });
});

describe('byte functions', () => {
  it('CHAR gives each integer as bytes (a byte that is not UTF-8 shows as U+FFFD); MD5 and TO_BASE64 read UTF-8', async () => {
    const r = await f.query("select char(65, 66, 67), char(228), char(14989485), md5('abc'), md5(v), to_base64(v) from texts where ts = 1700000001000");
    expect(r.rows).toEqual([['ABC', '\uFFFD', '中', '900150983cd24fb0d6963f7d28e17f72', '07117fe4a1ebd544965dc19573183da2', 'Y2Fmw6k=']]);
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['VARCHAR', 12],
      ['VARCHAR', 4],
      ['VARCHAR', 4],
      ['VARCHAR', 32],
      ['VARCHAR', 32],
      ['VARCHAR', 46],
    ]);
  });

  it('TO_BASE64 of NCHAR encodes its UCS-4 little-endian bytes; MD5 refuses NCHAR', async () => {
    expect(await column('to_base64(n)', 'where ts in (1700000001000, 1700000002000)')).toEqual(['RwAAAHIAAAD8AAAA3wAAAGUAAAA=', 'F1MAAKxOAAA=']);
    expect((await f.error('select md5(n) from texts')).code).toBe(0x2802);
    expect((await f.error('select lower(null)')).code).toBe(0x2802);
  });
});

describe('VARBINARY literals', () => {
  it("'\\x…' is hex for VARBINARY and stays as written in VARCHAR; a number is no VARBINARY value (0x266A)", async () => {
    await f.run('CREATE TABLE test.bins (ts TIMESTAMP, v VARCHAR(8), vb VARBINARY(4))');
    await f.run("INSERT INTO test.bins VALUES (1700000000000, '\\x41', '\\x00ff') (1700000001000, 'x', '\\xDEADBEEF') (1700000002000, 'y', '\\x')");
    expect(await f.rows('select v, length(v), length(vb) from bins order by ts')).toEqual([
      ['\\x41', 4, 2],
      ['x', 1, 4],
      ['y', 1, 0],
    ]);
    expect((await f.error('INSERT INTO test.bins VALUES (1700000003000, 1, 99)')).code).toBe(0x266a);
    expect((await f.error('select cast(vb as varchar(16)) from bins')).code).toBe(0x2802);
    expect((await f.error('select md5(vb) from bins')).code).toBe(0x2802);
    expect((await f.error('select to_base64(vb) from bins')).code).toBe(0x2802);
  });
});

describe('CAST to and from text', () => {
  it('VARCHAR(n) keeps n bytes, NCHAR(n) n characters, VARBINARY(n) n bytes', async () => {
    // a character cut in two leaves bytes a client reads as one U+FFFD (31_unicode_text#49); VARBINARY keeps them (40#201)
    expect(await column('cast(v as varchar(3))')).toEqual(['Hel', 'caf', '中', '\uFFFD', '', null]);
    expect(await f.rows("select cast('ÄÖÜ' as varchar(3)), cast('中文' as varchar(4)), cast('é' as varbinary(1))")).toEqual([['Ä\uFFFD', '中\uFFFD', new Uint8Array([0xc3])]]);
    expect(await f.rows("select cast('ab北' as varbinary(4)), cast('北京' as varbinary(2))")).toEqual([[new Uint8Array([0x61, 0x62, 0xe5, 0x8c]), new Uint8Array([0xe5, 0x8c])]]);
    expect(await column('cast(n as nchar(1))')).toEqual(['H', 'G', '北', '🚀', '', null]);
    expect(await f.rows("select cast('hello' as varchar(2)), cast('😀' as varchar(4)), cast(2147483647 as nchar(5))")).toEqual([['he', '😀', '21474']]);
    const bin = await f.query("select cast('2024-03-01 10:00:00' as varbinary(10))");
    expect(Buffer.from(bin.rows[0][0] as Uint8Array).toString()).toBe('2024-03-01');
  });

  it('VARCHAR to NCHAR(n) converts the first n bytes: 0x3250 where they end inside a character', async () => {
    expect((await f.error("select cast('中文' as nchar(1))")).code).toBe(0x3250);
    expect((await f.error("select cast('😀' as nchar(1))")).code).toBe(0x3250);
    expect((await f.error("select cast('ab北' as nchar(4))")).code).toBe(0x3250);
    expect(await f.rows("select cast('hello' as nchar(2)), cast('ab北' as nchar(5)), cast('北' as nchar(3))")).toEqual([['he', 'ab北', '北']]);
    // per row: the first row whose cut falls inside a character fails the query (40#188)
    expect(await column('cast(v as nchar(3))', "where ts < 1700000002000")).toEqual(['Hel', 'caf']);
    expect((await f.error('select cast(v as nchar(2)) from texts')).code).toBe(0x3250);
    expect(await column('cast(n as nchar(1))')).toEqual(['H', 'G', '北', '🚀', '', null]);
  });

  it('text that is no time casts to TIMESTAMP 0', async () => {
    expect(await f.rows("select cast('2024-01-01 北京' as timestamp), cast('abc' as timestamp)")).toEqual([[0, 0]]);
  });

  it('text to a number reads the numeric prefix, 0 without one', async () => {
    expect(await f.rows("select cast('12abc' as int), cast('abc' as int), cast('' as int), cast('1e2' as int), cast('2024-03-01' as double)")).toEqual([
      [12, 0, 0, 1, 2024],
    ]);
  });
});

describe('CAST target lengths', () => {
  it('CAST(x AS VARCHAR) without a length is VARCHAR(65517)', async () => {
    const r = await f.query('select cast(1 as varchar), cast(2 as binary)');
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['VARCHAR', 65517],
      ['VARCHAR', 65517],
    ]);
    expect(r.rows).toEqual([['1', '2']]);
  });
});

describe('bounds (the engine’s own, not from the corpus)', () => {
  it('REPEAT’s result is bounded at 65517 bytes, the longest VARCHAR, so a huge count cannot exhaust memory', async () => {
    expect(await f.rows("select length(repeat('ab', 1000000000)), length(repeat('中', 100000))")).toEqual([[65516, 65517]]);
  });
});

/**
 * TDengine's VARCHAR LIKE as its documented algorithm states it (tcompare.c patternMatch): walk UTF-8 bytes; `%` any
 * run of bytes, `_` exactly one byte, a backslash makes the next character plain, other bytes equal after the C
 * library's tolower (ASCII letters only). A model to check the engine against, not the engine's code.
 */
function tdengineVarcharLike(value: string, pattern: string): boolean {
  type Item = { any: true } | { one: true } | { byte: number };
  const items: Item[] = [];
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] === '\\' && i + 1 < chars.length) for (const b of Buffer.from(chars[++i])) items.push({ byte: b });
    else if (chars[i] === '%') items.push({ any: true });
    else if (chars[i] === '_') items.push({ one: true });
    else for (const b of Buffer.from(chars[i])) items.push({ byte: b });
  }
  const s = Buffer.from(value);
  const lower = (b: number) => (b >= 0x41 && b <= 0x5a ? b + 32 : b);
  // reachable[j]: the pattern so far can end after j bytes of the value
  let reachable = new Array<boolean>(s.length + 1).fill(false);
  reachable[0] = true;
  for (const item of items) {
    const next = new Array<boolean>(s.length + 1).fill(false);
    for (let j = 0; j <= s.length; j++) {
      if (!reachable[j]) continue;
      if ('any' in item) for (let k = j; k <= s.length; k++) next[k] = true;
      else if (j < s.length && ('one' in item || lower(item.byte) === lower(s[j]))) next[j + 1] = true;
    }
    reachable = next;
  }
  return reachable[s.length];
}

describe('VARCHAR LIKE against a model of TDengine’s byte walk', () => {
  it('agrees on seeded random mixed-script values and patterns', async () => {
    let seed = 25;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pick = <T,>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
    const valueChars = ['a', 'A', 'b', 'é', 'É', '中', '😀', '_', '%'];
    const patternPieces = ['a', 'A', 'B', 'é', '中', '😀', '%', '_', '__', '___', '____', '\\_', '\\%'];
    const values = Array.from({ length: 40 }, () => Array.from({ length: Math.floor(random() * 5) }, () => pick(valueChars)).join(''));
    await f.run('CREATE TABLE test.likes (ts TIMESTAMP, v VARCHAR(24))');
    await f.run(`INSERT INTO test.likes VALUES ${values.map((v, i) => `(${1700000000000 + i}, '${v}')`).join(' ')}`);
    for (let n = 0; n < 40; n++) {
      const pattern = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(patternPieces)).join('');
      const got = (await f.rows(`select ts from likes where v like ${quoteText(pattern)} order by ts`)).map((r) => Number(r[0]) - 1700000000000);
      const want = values.flatMap((v, i) => (tdengineVarcharLike(v, pattern) ? [i] : []));
      expect(got, pattern).toEqual(want);
    }
  });
});

describe('CASE over text', () => {
  it('is VARCHAR as long as its longest text branch', async () => {
    const r = await f.query("select case when length(v) > 3 then 'long' else 'short-or-null' end from texts order by ts");
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([['VARCHAR', 13]]);
    expect(r.rows.map((row) => row[0])).toEqual(['long', 'long', 'long', 'long', 'short-or-null', 'short-or-null']);
  });
});

describe('LIKE folds ASCII letters only', () => {
  it('the Kelvin sign (U+212A, lower case k in Unicode) in a pattern does not match an ASCII k', async () => {
    expect(await f.rows("select count(*) from texts where v like '\u212Aelvin' or 'kelvin' like '\u212Aelvin'")).toEqual([[0]]);
    expect(await f.rows("select 'kelvin' like '\u212Aelvin', 'kelvin' like 'KELVIN', 'é' like 'É'")).toEqual([[false, true, false]]);
  });
});
