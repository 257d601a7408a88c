/**
 * A seeded generator of SELECT statements over the fuzz schema (errors-fuzz.test.ts): random functions with random
 * argument counts and kinds, literals at and past the edges of their types, operators over mismatched types, casts,
 * clauses in places they may not stand. Most statements are wrong on purpose; what is checked is how they fail.
 */

/** mulberry32: a small deterministic PRNG, so that a failing statement can be replayed from the seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FUZZ_DB = 'fz';

/** The schema: one super table with every kind of column and tag, two children, one normal table. */
export const SCHEMA = [
  `CREATE DATABASE ${FUZZ_DB}`,
  `CREATE STABLE ${FUZZ_DB}.st (ts TIMESTAMP, i INT, b BIGINT, u INT UNSIGNED, ti TINYINT, f FLOAT, d DOUBLE, v VARCHAR(24), n NCHAR(12), ok BOOL) TAGS (t1 INT, tv VARCHAR(16), tn NCHAR(8))`,
  `CREATE TABLE ${FUZZ_DB}.c1 USING ${FUZZ_DB}.st TAGS (1, 'north', '北')`,
  `CREATE TABLE ${FUZZ_DB}.c2 USING ${FUZZ_DB}.st TAGS (2, 'süd', 'sud')`,
  `CREATE TABLE ${FUZZ_DB}.nt (ts TIMESTAMP, i INT, d DOUBLE, v VARCHAR(24), n NCHAR(12))`,
  `INSERT INTO ${FUZZ_DB}.c1 VALUES ('2024-01-01 00:00:00', 1, 9223372036854775807, 4294967295, -128, 1.5, -2.5, 'abc', '中文', true) ('2024-01-01 00:00:01', -7, -9223372036854775807, 0, 127, -0.25, 1e308, 'café', 'naïve', false) ('2024-01-01 00:00:02', null, null, null, null, null, null, null, null, null) ('2024-01-01 00:00:03', 0, 0, 7, 0, 0, 0, '', '😀', true)`,
  `INSERT INTO ${FUZZ_DB}.c2 VALUES ('2024-01-01 00:00:00', 2, 1000, 1, 1, 3.25, 0.5, 'a(b', 'x', false) ('2024-01-01 00:00:05', 2147483647, -1, 2, -1, 1e-20, -1e-300, '[a-', 'ÿ', true)`,
  `INSERT INTO ${FUZZ_DB}.nt VALUES ('2024-01-01 00:00:00', 5, 2.5, 'x\\\\y', 'nt') ('2024-01-01 00:00:01', -5, -0.0, 'Grüße', '東京')`,
];

const NUMERIC = ['i', 'b', 'u', 'ti', 'f', 'd'];
const TEXT = ['v', 'n', 'tv', 'tn'];
const COLUMNS = ['ts', ...NUMERIC, ...TEXT, 'ok', 't1', 'tbname'];
/** Names that exist only in some places or nowhere. */
const ODD_COLUMNS = ['_wstart', '_irowts', 'nosuch'];
const TABLES = [`${FUZZ_DB}.st`, `${FUZZ_DB}.c1`, `${FUZZ_DB}.c2`, `${FUZZ_DB}.nt`, `(select * from ${FUZZ_DB}.c1)`];

/** Functions of every family TDengine has, a few it lacks, and names no database has. */
const FUNCTIONS = [
  'abs', 'ceil', 'floor', 'round', 'truncate', 'sqrt', 'ln', 'log', 'pow', 'exp', 'sin', 'asin', 'acos', 'atan', 'mod', 'sign',
  'degrees', 'radians', 'pi', 'rand', 'greatest', 'least',
  'length', 'char_length', 'upper', 'lower', 'ltrim', 'rtrim', 'trim', 'concat', 'concat_ws', 'substr', 'substring', 'replace',
  'repeat', 'ascii', 'position',
  'to_iso8601', 'to_unixtimestamp', 'to_char', 'to_timestamp', 'timetruncate', 'timediff', 'now', 'today',
  'timezone', 'week', 'weekday', 'dayofweek', 'database', 'server_version',
  'count', 'sum', 'avg', 'min', 'max', 'spread', 'stddev', 'percentile', 'apercentile', 'elapsed', 'twa', 'irate',
  'leastsquares', 'histogram', 'hyperloglog', 'first', 'last', 'last_row', 'mode',
  'top', 'bottom', 'sample', 'tail', 'unique', 'diff', 'derivative', 'csum', 'mavg', 'statecount', 'stateduration', 'interp',
  'coalesce', 'ifnull', 'nvl', 'md5', 'if', 'nosuchfn', 'st_astext',
];

const LITERALS = [
  '0', '1', '-1', '2147483648', '-2147483649', '9223372036854775807', '9223372036854775808', '-9223372036854775809',
  '18446744073709551615', '99999999999999999999999999', '1.5', '-0.0', '1e308', '1e309', '-1e-320', "'x'", "''", "'中文'",
  "'(.*'", "'[a-'", "'%_'", "'\\\\'", "'2024-01-01 00:00:00'", "'not a time'", 'true', 'false', 'null', 'now', 'now()', '1s',
  '0s', '1n', '1y', '1b', '1u', '10a',
];

/** Scalar functions with the argument count they take: the well-formed statements that reach DuckDB are made of these. */
const SCALARS: [string, number][] = [
  ['abs', 1], ['ceil', 1], ['floor', 1], ['round', 1], ['sqrt', 1], ['ln', 1], ['log', 2], ['pow', 2], ['exp', 1], ['sin', 1],
  ['asin', 1], ['acos', 1], ['mod', 2], ['sign', 1], ['length', 1], ['char_length', 1], ['upper', 1], ['lower', 1],
  ['ltrim', 1], ['concat', 2], ['substr', 2], ['replace', 3], ['repeat', 2], ['ascii', 1], ['to_iso8601', 1],
  ['timetruncate', 2], ['timediff', 2], ['week', 1], ['greatest', 2], ['least', 2], ['cast', 1],
];
const AGGREGATES = ['count', 'sum', 'avg', 'min', 'max', 'spread', 'stddev', 'first', 'last'];

const BINARY_OPERATORS = ['+', '-', '*', '/', '%', '=', '<>', '<', '>=', 'and', 'or', '&', '|', 'like', 'not like', 'match', 'nmatch', 'regexp', '->', 'contains'];
const TYPES = ['int', 'bigint', 'bigint unsigned', 'tinyint', 'float', 'double', 'varchar(4)', 'varchar(0)', 'nchar(2)', 'bool', 'timestamp', 'binary(65536)', 'decimal(40, 2)', 'decimal(10, 2)', 'json', 'varbinary(8)'];

export class StatementGenerator {
  constructor(private readonly random: () => number) {}

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)];
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  expression(depth = 0): string {
    const r = this.random();
    if (depth > 2 || r < 0.3) return this.chance(0.6) ? this.column() : this.pick(LITERALS);
    if (r < 0.65) return this.call(depth);
    if (r < 0.85) return `${this.expression(depth + 1)} ${this.pick(BINARY_OPERATORS)} ${this.expression(depth + 1)}`;
    if (r < 0.95) return `cast(${this.expression(depth + 1)} as ${this.pick(TYPES)})`;
    return this.chance(0.5) ? `-${this.expression(depth + 1)}` : `case when ${this.expression(depth + 1)} then ${this.expression(depth + 1)} else ${this.expression(depth + 1)} end`;
  }

  private column(): string {
    return this.chance(0.05) ? this.pick(ODD_COLUMNS) : this.pick(COLUMNS);
  }

  private call(depth: number): string {
    const name = this.pick(FUNCTIONS);
    // mostly one or two arguments (what most functions take), sometimes none or three
    const r = this.random();
    const count = r < 0.6 ? 1 : r < 0.85 ? 2 : r < 0.92 ? 0 : 3;
    const args = Array.from({ length: count }, () => (this.chance(0.05) ? '*' : this.expression(depth + 1)));
    return `${name}(${args.join(', ')})`;
  }

  private clauses(): string {
    const parts: string[] = [];
    if (this.chance(0.4)) parts.push(`where ${this.expression(1)}`);
    if (this.chance(0.1)) parts.push(`partition by ${this.pick(['tbname', 't1', 'v', this.expression(2)])}`);
    const window = this.random();
    if (window < 0.1) parts.push(`interval(${this.pick(['1s', '10s', '1n', '5a', '0s'])})${this.chance(0.3) ? ` fill(${this.pick(['null', 'prev', 'linear', 'value, 1'])})` : ''}`);
    else if (window < 0.14) parts.push(`state_window(${this.column()})`);
    else if (window < 0.17) parts.push(`session(ts, ${this.pick(['1s', '0s', '-1s'])})`);
    else if (window < 0.2) parts.push(`count_window(${this.pick(['1', '2', '3, 1', '2147483648'])})`);
    else if (window < 0.25) parts.push(`group by ${this.expression(2)}`);
    if (this.chance(0.05)) parts.push(`range('2024-01-01 00:00:00', '2024-01-01 00:00:05') every(${this.pick(['1s', '0s', '1n'])}) fill(${this.pick(['prev', 'linear', 'null', 'value, 0'])})`);
    if (this.chance(0.2)) parts.push(`order by ${this.expression(2)} ${this.pick(['asc', 'desc', 'nulls first', ''])}`);
    if (this.chance(0.15)) parts.push(`limit ${this.pick(['0', '1', '2, 3', '9223372036854775808', '-1'])}`);
    return parts.join(' ');
  }

  /** An expression of the right shape (known functions, right argument counts) over values at the edges of their types. */
  private wellFormed(depth = 0): string {
    const r = this.random();
    if (depth > 2 || r < 0.4) return this.chance(0.6) ? this.pick(COLUMNS) : this.pick(LITERALS);
    if (r < 0.8) {
      const [name, count] = this.pick(SCALARS);
      if (name === 'cast') return `cast(${this.wellFormed(depth + 1)} as ${this.pick(TYPES)})`;
      return `${name}(${Array.from({ length: count }, () => this.wellFormed(depth + 1)).join(', ')})`;
    }
    return `${this.wellFormed(depth + 1)} ${this.pick(BINARY_OPERATORS)} ${this.wellFormed(depth + 1)}`;
  }

  /** A statement that parses and binds more often than not, so that DuckDB runs it. */
  private wellFormedStatement(): string {
    const table = this.pick(TABLES.slice(0, 4));
    if (this.chance(0.3)) {
      const agg = `${this.pick(AGGREGATES)}(${this.wellFormed(1)})`;
      const group = this.pick(['', 'partition by tbname', 'interval(1s)', 'group by t1', 'state_window(i)']);
      return `select ${agg} from ${table} ${group}`.trim();
    }
    const where = this.chance(0.3) ? ` where ${this.wellFormed(1)}` : '';
    const order = this.chance(0.2) ? ` order by ${this.wellFormed(1)}` : '';
    return `select ${this.wellFormed()}, ${this.wellFormed()} from ${table}${where}${order}`;
  }

  statement(): string {
    if (this.chance(0.5)) return this.wellFormedStatement();
    const items = Array.from({ length: 1 + Math.floor(this.random() * 3) }, () => this.expression());
    if (this.chance(0.08)) return `select ${items.join(', ')}`;
    if (this.chance(0.05)) {
      return `select * from ${FUZZ_DB}.c1 a ${this.pick(['', 'left', 'right', 'full', 'left semi', 'left anti', 'left asof', 'left window'])} join ${FUZZ_DB}.c2 b on ${this.pick(['a.ts = b.ts', 'a.v = b.v', 'a.ts <= b.ts and a.i < b.i', this.expression(2)])}${this.chance(0.3) ? ` jlimit ${this.pick(['1', '2000', '-1'])}` : ''}`;
    }
    return `select ${items.join(', ')} from ${this.pick(TABLES)} ${this.clauses()}`.trim();
  }
}
