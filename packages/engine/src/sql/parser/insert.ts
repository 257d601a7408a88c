import type { DeleteStatement, Identifier, InsertStatement, InsertTarget, InsertUsing } from '../ast';
import { insertSyntaxError } from '../syntax-error';
import { isQueryStart, type Cursor } from './cursor';
import { parseExpression } from './expression';
import { parseValueRows, parseValueTuple } from './insert-values';
import { parseIdentifier, parseQualifiedName, parseStringLiteral } from './names';
import { parseQueryExpression } from './select';

/**
 * `INSERT INTO target [target ...]` with every form of facts §2.6. Values of VALUES rows and USING-TAGS lists
 * are read straight into primitives (see InsertValue); only non-literal values build an expression tree.
 */
export function parseInsert(c: Cursor): InsertStatement {
  c.expectWord('INSERT');
  if (!isValuesForm(c)) return parseInsertQuery(c);
  // the insert parser's own message (534), as for `insert t values …` or `insert or replace into …`
  if (!c.acceptWord('INTO')) throw insertError(c, 'keyword INTO is expected');
  const targets: InsertTarget[] = [parseTarget(c)];
  while (!c.atEnd()) targets.push(parseTarget(c));
  return { kind: 'insert', targets };
}

/**
 * TDengine's qIsInsertValuesSql: an INSERT goes to the insert parser when USING, VALUES or FILE comes
 * before any SELECT; otherwise to the SQL grammar (`INSERT INTO tb [(cols)] query`, 9728 errors).
 */
function isValuesForm(c: Cursor): boolean {
  for (let k = 0; ; k++) {
    const t = c.peek(k);
    if (t.kind === 'eof') return false;
    if (t.kind === 'word') {
      if (t.value === 'USING' || t.value === 'VALUES' || t.value === 'FILE') return true;
      if (t.value === 'SELECT') return false;
    }
  }
}

/** The grammar form: `INSERT INTO [db.]tb [(cols)] query` (after INSERT). */
function parseInsertQuery(c: Cursor): InsertStatement {
  c.expectWord('INTO');
  const table = parseQualifiedName(c);
  const columns = c.isPunct('(') && !isQueryStart(c) ? parseInsertColumns(c) : undefined;
  if (!isQueryStart(c)) c.fail();
  const target: InsertTarget = { table, source: { type: 'select', query: parseQueryExpression(c) } };
  if (columns) target.columns = columns;
  return { kind: 'insert', targets: [target] };
}

/** One table clause of the VALUES/FILE form; its errors are TDengine's insert-parser errors (534). */
function parseTarget(c: Cursor): InsertTarget {
  if (c.atEnd()) c.fail();
  if (!c.isName()) throw insertError(c, 'table_name is expected');
  const table = parseQualifiedName(c);
  const tableEnd = c.prev().end;
  let target: InsertTarget;
  const using = c.acceptWord('USING') ? parseUsing(c) : undefined;
  const columns = c.isPunct('(') && !isQueryStart(c) ? parseInsertColumns(c) : undefined;
  if (c.acceptWord('VALUES')) {
    const { rows, rowOffsets } = parseValueRows(c);
    target = { table, source: { type: 'values', rows, rowOffsets } };
  } else if (c.acceptWord('FILE')) {
    if (c.peek().kind !== 'string') throw insertError(c, 'file path is required following keyword FILE');
    target = { table, source: { type: 'file', path: parseStringLiteral(c) } };
  } else {
    throw insertError(c, 'keyword VALUES or FILE is expected');
  }
  if (using) target.using = using;
  if (columns) target.columns = columns;
  target.tableEnd = tableEnd;
  return target;
}

/** `USING stb [(tag cols)] TAGS (v, ...)` after USING. */
function parseUsing(c: Cursor): InsertUsing {
  const stable = parseQualifiedName(c);
  const tagColumns = c.isPunct('(') ? parseInsertColumns(c) : undefined;
  if (!c.acceptWord('TAGS')) throw insertError(c, 'TAGS is expected');
  const { row: tags, offset: tagsOffset } = parseValueTuple(c);
  return tagColumns ? { stable, tagColumns, tags, tagsOffset } : { stable, tags, tagsOffset };
}

/** An insert-parser error at the current token. */
function insertError(c: Cursor, info: string): Error {
  return insertSyntaxError(c.sql, c.peek().start, info);
}

/** `DELETE FROM [db.]tb [WHERE cond]` */
export function parseDelete(c: Cursor): DeleteStatement {
  c.expectWord('DELETE');
  c.expectWord('FROM');
  const table = parseQualifiedName(c);
  if (c.acceptWord('WHERE')) return { kind: 'delete', table, where: parseExpression(c) };
  return { kind: 'delete', table };
}

/** `(col, ...)` of an INSERT; `tbname` (a keyword) names the child table in the super-table form. */
function parseInsertColumns(c: Cursor): Identifier[] {
  c.expectPunct('(');
  const list: Identifier[] = [];
  do {
    if (c.acceptWord('TBNAME')) list.push({ name: 'tbname', quoted: false });
    else list.push(parseIdentifier(c));
  } while (c.acceptPunct(','));
  c.expectPunct(')');
  return list;
}
