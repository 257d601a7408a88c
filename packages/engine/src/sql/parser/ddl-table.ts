import type {
  AlterTableAction,
  ChildTableDef,
  ColumnDef,
  CreateChildTablesStatement,
  CreateIndexStatement,
  CreateStableStatement,
  CreateTableStatement,
  Duration,
  DropIndexStatement,
  DropTableItem,
  DropTableStatement,
  Expression,
  QualifiedName,
  TableOptions,
  TagAssignment,
} from '../ast';
import { TdCode, TdError } from '../../errors';
import type { Cursor } from './cursor';
import { parseTypeSpec } from './data-type';
import { parseValueExpression } from './expression';
import {
  parseDuration,
  parseIdentifier,
  parseIdentifierList,
  parseIfExists,
  parseIfNotExists,
  parseInteger,
  parseQualifiedName,
  parseStringLiteral,
} from './names';

/** `name type [PRIMARY KEY|COMPOSITE KEY] [ENCODE '..'] [COMPRESS '..'] [LEVEL '..'] [COMMENT '..']` */
export function parseColumnDef(c: Cursor): ColumnDef {
  const col: ColumnDef = { name: parseIdentifier(c), type: parseTypeSpec(c) };
  if (c.acceptWords('PRIMARY', 'KEY') || c.acceptWords('COMPOSITE', 'KEY')) col.primaryKey = true;
  parseCompressionOptions(c, col);
  if (c.acceptWord('COMMENT')) col.comment = parseStringLiteral(c);
  return col;
}

/** `[ENCODE '..'] [COMPRESS '..'] [LEVEL '..']` in this order, each optional; returns whether any was given. */
function parseCompressionOptions(c: Cursor, into: { encode?: string; compress?: string; level?: string }): boolean {
  let any = false;
  if (c.acceptWord('ENCODE')) {
    into.encode = parseStringLiteral(c);
    any = true;
  }
  if (c.acceptWord('COMPRESS')) {
    into.compress = parseStringLiteral(c);
    any = true;
  }
  if (c.acceptWord('LEVEL')) {
    into.level = parseStringLiteral(c);
    any = true;
  }
  return any;
}

function parseColumnDefs(c: Cursor): ColumnDef[] {
  c.expectPunct('(');
  const cols = [parseColumnDef(c)];
  while (c.acceptPunct(',')) cols.push(parseColumnDef(c));
  c.expectPunct(')');
  return cols;
}

function parseDurationList(c: Cursor): Duration[] {
  const list = [parseDuration(c)];
  while (c.acceptPunct(',')) list.push(parseDuration(c));
  return list;
}

/** TSDB_TB_COMMENT_LEN - 1: a table comment of more bytes is 0x264e (the AST builder's check, CREATE and ALTER alike). */
const MAX_TABLE_COMMENT_BYTES = 1024;

function tableComment(text: string): string {
  if (Buffer.byteLength(text) > MAX_TABLE_COMMENT_BYTES) throw new TdError(TdCode.PAR_COMMENT_TOO_LONG, 'Comment too long');
  return text;
}

/** TTL is read as a 32-bit integer: beyond it 0x0224 "Value out of range" (CREATE and ALTER alike). */
function tableTtl(days: number): number {
  if (days > 2147483647) throw new TdError(TdCode.VALUE_OUT_OF_RANGE, 'Value out of range');
  return days;
}

/** Table options in any order: COMMENT, SMA(..), TTL, KEEP, WATERMARK, MAX_DELAY, ROLLUP(..), DELETE_MARK. */
export function parseTableOptions(c: Cursor): TableOptions {
  const o: TableOptions = {};
  for (;;) {
    const t = c.peek();
    if (t.kind !== 'word') return o;
    switch (t.value) {
      case 'COMMENT':
        c.next();
        o.comment = tableComment(parseStringLiteral(c));
        break;
      case 'SMA':
        c.next();
        o.sma = parseIdentifierList(c);
        break;
      case 'TTL':
        c.next();
        o.ttl = tableTtl(parseInteger(c));
        break;
      case 'KEEP':
        c.next();
        o.keep = parseDuration(c);
        break;
      case 'WATERMARK':
        c.next();
        o.watermark = parseDurationList(c);
        break;
      case 'MAX_DELAY':
        c.next();
        o.maxDelay = parseDurationList(c);
        break;
      case 'DELETE_MARK':
        c.next();
        o.deleteMark = parseDurationList(c);
        break;
      case 'ROLLUP': {
        c.next();
        o.rollup = parseIdentifierListOfWords(c);
        break;
      }
      default:
        return o;
    }
  }
}

/** `ROLLUP(avg, sum)`: function names, which may be keywords (FIRST, LAST). */
function parseIdentifierListOfWords(c: Cursor): string[] {
  c.expectPunct('(');
  const names: string[] = [];
  do {
    const t = c.next();
    if (t.kind !== 'word' && t.kind !== 'quoted') c.fail(t);
    names.push(t.value.toLowerCase());
  } while (c.acceptPunct(','));
  c.expectPunct(')');
  return names;
}

/** After `CREATE STABLE`. */
export function parseCreateStable(c: Cursor): CreateStableStatement {
  const ifNotExists = parseIfNotExists(c);
  const name = parseQualifiedName(c);
  const columns = parseColumnDefs(c);
  c.expectWord('TAGS');
  const tags = parseColumnDefs(c);
  return { kind: 'createStable', ifNotExists, name, columns, tags, options: parseTableOptions(c) };
}

/** After `CREATE TABLE`: a normal table, a super table (with TAGS), or child tables (USING). */
export function parseCreateTable(
  c: Cursor,
): CreateTableStatement | CreateStableStatement | CreateChildTablesStatement {
  const ifNotExists = parseIfNotExists(c);
  const name = parseQualifiedName(c);
  if (c.isWord('USING')) {
    const tables = [parseChildTail(c, ifNotExists, name)];
    while (!c.atEnd()) {
      const more = parseIfNotExists(c);
      tables.push(parseChildTail(c, more, parseQualifiedName(c)));
    }
    return { kind: 'createChildTables', tables };
  }
  const columns = parseColumnDefs(c);
  if (c.acceptWord('TAGS')) {
    const tags = parseColumnDefs(c);
    return { kind: 'createStable', ifNotExists, name, columns, tags, options: parseTableOptions(c) };
  }
  return { kind: 'createTable', ifNotExists, name, columns, options: parseTableOptions(c) };
}

/** `USING stb [(tag cols)] TAGS (v, ...) [options]` */
function parseChildTail(c: Cursor, ifNotExists: boolean, name: QualifiedName): ChildTableDef {
  c.expectWord('USING');
  const using = parseQualifiedName(c);
  const tagColumns = c.isPunct('(') ? parseIdentifierList(c) : undefined;
  c.expectWord('TAGS');
  c.expectPunct('(');
  const tags: Expression[] = [parseValueExpression(c)];
  while (c.acceptPunct(',')) tags.push(parseValueExpression(c));
  c.expectPunct(')');
  const def: ChildTableDef = { ifNotExists, name, using, tags, options: parseTableOptions(c) };
  if (tagColumns) def.tagColumns = tagColumns;
  return def;
}

/** The action of `ALTER TABLE|STABLE name <action>`. */
export function parseAlterAction(c: Cursor): AlterTableAction {
  const t = c.peek();
  if (t.kind !== 'word') return c.fail(t);
  switch (t.value) {
    case 'ADD':
      c.next();
      if (c.acceptWord('COLUMN')) return { type: 'addColumn', column: parseColumnDef(c) };
      c.expectWord('TAG');
      return { type: 'addTag', tag: parseColumnDef(c) };
    case 'DROP':
      c.next();
      if (c.acceptWord('COLUMN')) return { type: 'dropColumn', name: parseIdentifier(c) };
      c.expectWord('TAG');
      return { type: 'dropTag', name: parseIdentifier(c) };
    case 'MODIFY': {
      c.next();
      if (c.acceptWord('TAG')) {
        const name = parseIdentifier(c);
        return { type: 'modifyTag', name, dataType: parseTypeSpec(c) };
      }
      c.expectWord('COLUMN');
      const name = parseIdentifier(c);
      const compression: { encode?: string; compress?: string; level?: string } = {};
      if (parseCompressionOptions(c, compression)) return { type: 'modifyColumnCompression', name, ...compression };
      return { type: 'modifyColumn', name, dataType: parseTypeSpec(c) };
    }
    case 'RENAME': {
      c.next();
      const isTag = c.acceptWord('TAG');
      if (!isTag) c.expectWord('COLUMN');
      const from = parseIdentifier(c);
      const to = parseIdentifier(c);
      return { type: isTag ? 'renameTag' : 'renameColumn', from, to };
    }
    case 'SET': {
      c.next();
      c.expectWord('TAG');
      const assignments: TagAssignment[] = [parseTagAssignment(c)];
      while (c.acceptPunct(',')) {
        c.acceptWord('TAG');
        assignments.push(parseTagAssignment(c));
      }
      return { type: 'setTag', assignments };
    }
    default: {
      const options = parseTableOptions(c);
      if (Object.keys(options).length === 0) c.fail(t);
      return { type: 'options', options };
    }
  }
}

function parseTagAssignment(c: Cursor): TagAssignment {
  const name = parseIdentifier(c);
  c.expectPunct('=');
  return { name, value: parseValueExpression(c) };
}

/** After `DROP TABLE`: `[IF EXISTS] a [, [IF EXISTS] b ...]` */
export function parseDropTable(c: Cursor): DropTableStatement {
  const tables: DropTableItem[] = [];
  do {
    const ifExists = parseIfExists(c);
    tables.push({ ifExists, name: parseQualifiedName(c) });
  } while (c.acceptPunct(','));
  return { kind: 'dropTable', tables };
}

/** After CREATE INDEX: `[IF NOT EXISTS] name ON [db.]table (tag [, ...])` (sql.y: the index name has no database). */
export function parseCreateIndex(c: Cursor): CreateIndexStatement {
  const ifNotExists = parseIfNotExists(c);
  const name = parseIdentifier(c, 'table');
  c.expectWord('ON');
  const table = parseQualifiedName(c);
  return { kind: 'createIndex', ifNotExists, name, table, columns: parseIdentifierList(c) };
}

/** After DROP INDEX: `[IF EXISTS] [db.]name` */
export function parseDropIndex(c: Cursor): DropIndexStatement {
  const ifExists = parseIfExists(c);
  return { kind: 'dropIndex', ifExists, name: parseQualifiedName(c) };
}
