import type { DeleteStatement, InsertStatement, InsertTarget, InsertValue } from '../ast';
import type { Cursor } from './cursor';
import { parseExpression } from './expression';
import { parseIdentifierList, parseQualifiedName, parseStringLiteral } from './names';
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
  if (c.isPunct('(') && !isQueryStart(c)) target.columns = parseIdentifierList(c);
  if (c.acceptWord('VALUES')) {
    const rows: InsertValue[][] = [parseValueTuple(c)];
    for (;;) {
      if (c.isPunct('(')) rows.push(parseValueTuple(c));
      else if (c.isPunct(',') && c.isPunct('(', 1)) {
        c.next();
        rows.push(parseValueTuple(c));
      } else break;
    }
    target.source = { type: 'values', rows };
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

const MAX_SAFE_DIGITS = 15;

function numberOrBigint(text: string, negative: boolean): number | bigint {
  if (text.length <= MAX_SAFE_DIGITS) return negative ? -Number(text) : Number(text);
  const big = BigInt(text);
  const v = negative ? -big : big;
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

/** True when the value just read ends here: the next token closes it. */
function endsValue(c: Cursor, offset: number): boolean {
  const t = c.peek(offset);
  return t.kind === 'punct' && (t.value === ',' || t.value === ')');
}

/** `( v, v, ... )` — the hot loop of the insert path. */
function parseValueTuple(c: Cursor): InsertValue[] {
  c.expectPunct('(');
  const row: InsertValue[] = [];
  for (;;) {
    row.push(parseValue(c));
    const t = c.next();
    if (t.kind === 'punct') {
      if (t.value === ',') continue;
      if (t.value === ')') return row;
    }
    c.fail(t);
  }
}

function parseValue(c: Cursor): InsertValue {
  const t = c.peek();
  if (endsValue(c, 1)) {
    switch (t.kind) {
      case 'string':
        c.next();
        return t.value;
      case 'integer':
      case 'hex':
      case 'binary':
        c.next();
        return numberOrBigint(t.value, false);
      case 'float':
        c.next();
        return Number(t.value);
      case 'word':
        if (t.value === 'NULL') {
          c.next();
          return null;
        }
        if (t.value === 'TRUE' || t.value === 'FALSE') {
          c.next();
          return t.value === 'TRUE';
        }
        break;
    }
  } else if (t.kind === 'punct' && (t.value === '-' || t.value === '+') && endsValue(c, 2)) {
    const n = c.peek(1);
    if (n.kind === 'integer' || n.kind === 'float') {
      c.pos += 2;
      const negative = t.value === '-';
      return n.kind === 'float' ? (negative ? -Number(n.value) : Number(n.value)) : numberOrBigint(n.value, negative);
    }
  }
  return parseExpression(c);
}

/** `DELETE FROM [db.]tb [WHERE cond]` */
export function parseDelete(c: Cursor): DeleteStatement {
  c.expectWord('DELETE');
  c.expectWord('FROM');
  const table = parseQualifiedName(c);
  if (c.acceptWord('WHERE')) return { kind: 'delete', table, where: parseExpression(c) };
  return { kind: 'delete', table };
}

