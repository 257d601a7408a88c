import type { DeleteStatement, Identifier, InsertStatement, InsertTarget } from '../ast';
import type { Cursor } from './cursor';
import { parseExpression } from './expression';
import { parseValueRows, parseValueTuple } from './insert-values';
import { parseIdentifier, parseIdentifierList, parseQualifiedName, parseStringLiteral } from './names';
import { isQueryStart, parseQueryExpression } from './select';

/**
 * `INSERT INTO target [target ...]` with every form of facts §2.6. Values of VALUES rows and USING-TAGS lists
 * are read straight into primitives (see InsertValue); only non-literal values build an expression tree.
 */
export function parseInsert(c: Cursor): InsertStatement {
  c.expectWord('INSERT');
  c.expectWord('INTO');
  const targets: InsertTarget[] = [parseTarget(c)];
  while (!c.atEnd()) targets.push(parseTarget(c));
  return { kind: 'insert', targets };
}

function parseTarget(c: Cursor): InsertTarget {
  const table = parseQualifiedName(c);
  const target: InsertTarget = { table, source: { type: 'values', rows: [] } };
  if (c.acceptWord('USING')) {
    const stable = parseQualifiedName(c);
    const tagColumns = c.isPunct('(') ? parseIdentifierList(c) : undefined;
    c.expectWord('TAGS');
    const tags = parseValueTuple(c);
    target.using = tagColumns ? { stable, tagColumns, tags } : { stable, tags };
  }
  if (c.isPunct('(') && !isQueryStart(c)) target.columns = parseInsertColumns(c);
  if (c.acceptWord('VALUES')) {
    target.source = { type: 'values', rows: parseValueRows(c) };
  } else if (c.acceptWord('FILE')) {
    target.source = { type: 'file', path: parseStringLiteral(c) };
  } else if (isQueryStart(c)) {
    if (target.using) c.fail();
    target.source = { type: 'select', query: parseQueryExpression(c) };
  } else {
    c.fail();
  }
  return target;
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
