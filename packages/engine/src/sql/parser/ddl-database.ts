import {
  ALTERABLE_DB_OPTIONS,
  type AlterDatabaseStatement,
  type CompactDatabaseStatement,
  type CreateDatabaseStatement,
  type DatabaseOption,
  type DropDatabaseStatement,
  type Duration,
  type DurationDbOptionName,
  type DurationListDbOptionName,
  type NumericDbOptionName,
  type StringDbOptionName,
} from '../ast';
import type { Cursor } from './cursor';
import { parseExpression } from './expression';
import {
  parseDuration,
  parseIdentifier,
  parseIfExists,
  parseIfNotExists,
  parseInteger,
  parseSignedInteger,
  parseStringLiteral,
} from './names';

const NUMERIC: ReadonlySet<string> = new Set<NumericDbOptionName>([
  'VGROUPS',
  'REPLICA',
  'BUFFER',
  'PAGES',
  'PAGESIZE',
  'TSDB_PAGESIZE',
  'CACHESIZE',
  'COMP',
  'KEEP_TIME_OFFSET',
  'MINROWS',
  'MAXROWS',
  'WAL_LEVEL',
  'WAL_FSYNC_PERIOD',
  'WAL_RETENTION_PERIOD',
  'WAL_RETENTION_SIZE',
  'STT_TRIGGER',
  'SINGLE_STABLE',
  'TABLE_PREFIX',
  'TABLE_SUFFIX',
  'WITH_ARBITRATOR',
  'WAL_ROLL_PERIOD',
  'WAL_SEGMENT_SIZE',
  'S3_CHUNKPAGES',
  'S3_COMPACT',
  'SS_CHUNKPAGES',
  'SS_COMPACT',
]);
/** The numeric options TDengine's grammar lets take a sign; any other one given `-1` is a syntax error there. */
const SIGNED: ReadonlySet<string> = new Set<NumericDbOptionName>(['WAL_RETENTION_PERIOD', 'WAL_RETENTION_SIZE', 'TABLE_PREFIX', 'TABLE_SUFFIX']);
const STRING: ReadonlySet<string> = new Set<StringDbOptionName>([
  'PRECISION',
  'CACHEMODEL',
  'RETENTIONS',
  'DNODES',
  'ENCRYPT_ALGORITHM',
]);
const DURATION: ReadonlySet<string> = new Set<DurationDbOptionName>([
  'DURATION',
  'COMPACT_INTERVAL',
  'COMPACT_TIME_OFFSET',
  'S3_KEEPLOCAL',
  'SS_KEEPLOCAL',
]);
const DURATION_LIST: ReadonlySet<string> = new Set<DurationListDbOptionName>(['KEEP', 'COMPACT_TIME_RANGE']);

/** One `NAME value` database option, or undefined when the next token starts none. */
function parseDbOption(c: Cursor, alterable: boolean): DatabaseOption | undefined {
  const t = c.peek();
  if (t.kind !== 'word') return undefined;
  const name = t.value;
  const known = NUMERIC.has(name) || STRING.has(name) || DURATION.has(name) || DURATION_LIST.has(name);
  if (!known) return undefined;
  if (alterable && !(ALTERABLE_DB_OPTIONS as readonly string[]).includes(name)) c.fail(t);
  c.next();
  if (NUMERIC.has(name)) return { name: name as NumericDbOptionName, value: SIGNED.has(name) ? parseSignedInteger(c) : parseInteger(c) };
  if (STRING.has(name)) {
    return { name: name as StringDbOptionName, value: parseStringLiteral(c) };
  }
  if (DURATION.has(name)) return { name: name as DurationDbOptionName, value: parseDuration(c) };
  const list: Duration[] = [parseDuration(c)];
  while (c.acceptPunct(',')) list.push(parseDuration(c));
  return { name: name as DurationListDbOptionName, value: list };
}

function parseDbOptions(c: Cursor, alterable: boolean): DatabaseOption[] {
  const options: DatabaseOption[] = [];
  for (;;) {
    const option = parseDbOption(c, alterable);
    if (!option) return options;
    options.push(option);
  }
}

/** `CREATE DATABASE [IF NOT EXISTS] db [option ...]` (after CREATE DATABASE). */
export function parseCreateDatabase(c: Cursor): CreateDatabaseStatement {
  const ifNotExists = parseIfNotExists(c);
  const name = parseIdentifier(c, 'db');
  const options = parseDbOptions(c, false);
  return { kind: 'createDatabase', ifNotExists, name, options };
}

/** `ALTER DATABASE db option ...` — only the alterable options; at least one. */
export function parseAlterDatabase(c: Cursor): AlterDatabaseStatement {
  const name = parseIdentifier(c, 'db');
  const options = parseDbOptions(c, true);
  if (options.length === 0) c.fail();
  return { kind: 'alterDatabase', name, options };
}

export function parseDropDatabase(c: Cursor): DropDatabaseStatement {
  const ifExists = parseIfExists(c);
  return { kind: 'dropDatabase', ifExists, name: parseIdentifier(c, 'db') };
}

/** `COMPACT DATABASE db [START WITH t] [END WITH t]` (after COMPACT DATABASE). */
export function parseCompactDatabase(c: Cursor): CompactDatabaseStatement {
  const stmt: CompactDatabaseStatement = { kind: 'compactDatabase', name: parseIdentifier(c, 'db') };
  if (c.acceptWords('START', 'WITH')) stmt.start = parseExpression(c);
  if (c.acceptWords('END', 'WITH')) stmt.end = parseExpression(c);
  return stmt;
}
