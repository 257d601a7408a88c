import type {
  Expression,
  FillClause,
  FillMode,
  InterpClause,
  JoinSource,
  JoinSubType,
  JoinType,
  LimitClause,
  OrderByItem,
  PartitionItem,
  QueryExpression,
  SelectItem,
  SelectStatement,
  TableSource,
  WindowClause,
} from '../ast';
import { isQueryStart, type Cursor } from './cursor';
import { finish, parseExpression, parseOperandExpression } from './expression';
import { parseAlias, parseDuration, parseInteger, parseQualifiedName, parseStreamPlaceholder } from './names';

/** `select [UNION [ALL] select ...] [ORDER BY ..] [SLIMIT ..] [LIMIT ..]` */
export function parseQueryExpression(c: Cursor): QueryExpression {
  let query = parseQueryPrimary(c);
  while (c.isWord('UNION')) {
    c.next();
    const all = c.acceptWord('ALL');
    const right = parseQueryPrimary(c);
    query = { kind: 'union', all, left: query, right };
  }
  parseOrderAndLimits(c, query);
  return query;
}

function parseQueryPrimary(c: Cursor): QueryExpression {
  if (c.acceptPunct('(')) {
    const inner = parseQueryExpression(c);
    c.expectPunct(')');
    return inner;
  }
  return parseSelectCore(c);
}

function parseOrderAndLimits(c: Cursor, query: QueryExpression): void {
  if (c.acceptWords('ORDER', 'BY')) {
    const items: OrderByItem[] = [];
    do items.push(parseOrderItem(c));
    while (c.acceptPunct(','));
    query.orderBy = items;
  }
  if (c.acceptWord('SLIMIT')) query.slimit = parseLimit(c, 'SOFFSET');
  if (c.acceptWord('LIMIT')) query.limit = parseLimit(c, 'OFFSET');
}

/** ORDER BY, GROUP BY and PARTITION BY take sql.y's expr_or_subquery: a comparison there is a syntax error. */
function parseOrderItem(c: Cursor): OrderByItem {
  const item: OrderByItem = { expr: parseOperandExpression(c) };
  if (c.acceptWord('ASC')) item.direction = 'ASC';
  else if (c.acceptWord('DESC')) item.direction = 'DESC';
  if (c.acceptWord('NULLS')) {
    if (c.acceptWord('FIRST')) item.nulls = 'FIRST';
    else if (c.acceptWord('LAST')) item.nulls = 'LAST';
    else c.fail();
  }
  return item;
}

/** `n [OFFSET m]` or `m, n` (offset first). */
function parseLimit(c: Cursor, offsetWord: string): LimitClause {
  const first = parseInteger(c);
  if (c.acceptPunct(',')) return { count: parseInteger(c), offset: first };
  if (c.acceptWord(offsetWord)) return { count: first, offset: parseInteger(c) };
  return { count: first };
}

function parseSelectCore(c: Cursor): SelectStatement {
  c.expectWord('SELECT');
  const select: SelectStatement = { kind: 'select', distinct: false, tags: false, items: [] };
  if (c.acceptWord('DISTINCT')) select.distinct = true;
  else c.acceptWord('ALL');
  if (c.isWord('TAGS') && !c.isPunct('(', 1)) {
    c.next();
    select.tags = true;
  }
  do select.items.push(parseSelectItem(c));
  while (c.acceptPunct(','));
  if (c.acceptWord('FROM')) select.from = parseFrom(c);
  if (c.acceptWord('WHERE')) select.where = parseExpression(c);
  if (c.acceptWords('PARTITION', 'BY')) select.partitionBy = parsePartitionList(c);
  const interp = parseInterpClauses(c);
  if (interp) select.interp = interp;
  const window = parseWindow(c);
  if (window) select.window = window;
  if (c.acceptWords('GROUP', 'BY')) {
    const list = [parseOperandExpression(c)];
    while (c.acceptPunct(',')) list.push(parseOperandExpression(c));
    select.groupBy = list;
  }
  if (c.acceptWord('HAVING')) select.having = parseExpression(c);
  return select;
}

function parseSelectItem(c: Cursor): SelectItem {
  const t = c.peek();
  if (t.kind === 'punct' && t.value === '*') {
    c.next();
    return { expr: finish(c, t, { type: 'star' }) };
  }
  const expr = parseExpression(c);
  const alias = parseAlias(c);
  return alias ? { expr, alias } : { expr };
}

function parsePartitionList(c: Cursor): PartitionItem[] {
  const items: PartitionItem[] = [];
  do {
    const expr = parseOperandExpression(c);
    const alias = parseAlias(c);
    items.push(alias ? { expr, alias } : { expr });
  } while (c.acceptPunct(','));
  return items;
}

/** `FROM a [, b]` — comma lists are implicit inner joins. */
function parseFrom(c: Cursor): TableSource {
  let source = parseTableReference(c);
  while (c.acceptPunct(',')) {
    const right = parseTableReference(c);
    source = { type: 'join', joinType: 'INNER', implicit: true, left: source, right };
  }
  return source;
}

const JOIN_TYPES: readonly JoinType[] = ['INNER', 'LEFT', 'RIGHT', 'FULL'];
const JOIN_SUBTYPES: readonly JoinSubType[] = ['OUTER', 'SEMI', 'ANTI', 'ASOF', 'WINDOW'];

function parseTableReference(c: Cursor): TableSource {
  let left = parseTablePrimary(c);
  for (;;) {
    const t = c.peek();
    if (t.kind !== 'word') return left;
    let joinType: JoinType = 'INNER';
    let subType: JoinSubType | undefined;
    let k = 0;
    if ((JOIN_TYPES as string[]).includes(t.value)) {
      joinType = t.value as JoinType;
      k++;
    }
    const st = c.peek(k);
    if (st.kind === 'word' && (JOIN_SUBTYPES as string[]).includes(st.value)) {
      subType = st.value as JoinSubType;
      k++;
    }
    if (!c.isWord('JOIN', k)) {
      if (k > 0) c.fail(c.peek(k));
      return left;
    }
    c.pos += k + 1;
    const right = parseTablePrimary(c);
    const join: JoinSource = { type: 'join', joinType, implicit: false, left, right };
    if (subType) join.subType = subType;
    if (c.acceptWord('ON')) join.on = parseExpression(c);
    if (c.acceptWord('WINDOW_OFFSET')) {
      c.expectPunct('(');
      const from = parseExpression(c);
      c.expectPunct(',');
      const to = parseExpression(c);
      c.expectPunct(')');
      join.windowOffset = [from, to];
    }
    // JLIMIT belongs to ASOF and WINDOW joins only: after any other join TDengine's grammar stops at it (9728)
    if ((subType === 'ASOF' || subType === 'WINDOW') && c.acceptWord('JLIMIT')) join.jlimit = parseInteger(c);
    left = join;
  }
}

function parseTablePrimary(c: Cursor): TableSource {
  if (c.isPunct('(')) {
    if (isQueryStart(c)) {
      c.next();
      const query = parseQueryExpression(c);
      c.expectPunct(')');
      const alias = parseAlias(c);
      return alias ? { type: 'subquery', query, alias } : { type: 'subquery', query };
    }
    c.next();
    const inner = parseTableReference(c);
    c.expectPunct(')');
    return inner;
  }
  const placeholder = parseStreamPlaceholder(c, 'table');
  if (placeholder) {
    const alias = parseAlias(c);
    return { type: 'table', name: { name: placeholder }, placeholder: true, ...(alias ? { alias } : {}) };
  }
  const name = parseQualifiedName(c);
  const alias = parseAlias(c);
  return alias ? { type: 'table', name, alias } : { type: 'table', name };
}

/** INTERP's `RANGE(..) EVERY(..) FILL(..)`, in this order, each optional. */
function parseInterpClauses(c: Cursor): InterpClause | undefined {
  const interp: InterpClause = {};
  if (c.acceptWord('RANGE')) {
    c.expectPunct('(');
    const range = [parseExpression(c)];
    if (c.acceptPunct(',')) range.push(parseExpression(c));
    c.expectPunct(')');
    interp.range = range;
  }
  if (c.acceptWord('EVERY')) {
    c.expectPunct('(');
    interp.every = parseDuration(c, true);
    c.expectPunct(')');
  }
  if (c.isWord('FILL')) interp.fill = parseFill(c, true);
  return interp.range || interp.every || interp.fill ? interp : undefined;
}

const FILL_MODES: readonly FillMode[] = ['NONE', 'PREV', 'NEXT', 'NULL', 'NULL_F', 'LINEAR', 'NEAR'];

/**
 * `FILL(mode)` or `FILL(VALUE|VALUE_F, v1, v2 ...)`: at least one value (TDengine's grammar: `FILL(VALUE)` is a syntax
 * error near `)`); NEAR, and values after PREV/NEXT/NEAR, are INTERP's only (`interval(…) fill(near)` is a syntax
 * error near `near`).
 */
export function parseFill(c: Cursor, forInterp = false): FillClause {
  c.expectWord('FILL');
  c.expectPunct('(');
  const t = c.peek();
  if (t.kind !== 'word') return c.fail(t);
  c.next();
  let fill: FillClause;
  if (t.value === 'VALUE' || t.value === 'VALUE_F') {
    c.expectPunct(',');
    const values: Expression[] = [parseExpression(c)];
    while (c.acceptPunct(',')) values.push(parseExpression(c));
    fill = { mode: t.value, values };
  } else if ((FILL_MODES as string[]).includes(t.value) && (forInterp || t.value !== 'NEAR')) {
    fill = { mode: t.value as FillMode };
    // INTERP's RANGE(t, surrounding) FILL(PREV|NEXT|NEAR, v1 ...): values for a slice with no row within reach
    if (forInterp && ['PREV', 'NEXT', 'NEAR'].includes(t.value) && c.isPunct(',')) {
      const values: Expression[] = [];
      while (c.acceptPunct(',')) values.push(parseExpression(c));
      fill.values = values;
    }
  } else {
    return c.fail(t);
  }
  c.expectPunct(')');
  return fill;
}

function parseTrueFor(c: Cursor): { trueFor?: ReturnType<typeof parseDuration> } {
  if (!c.acceptWord('TRUE_FOR')) return {};
  c.expectPunct('(');
  const trueFor = parseDuration(c, true);
  c.expectPunct(')');
  return { trueFor };
}

/** The window clauses of facts §2.10. */
function parseWindow(c: Cursor): WindowClause | undefined {
  const t = c.peek();
  if (t.kind !== 'word') return undefined;
  switch (t.value) {
    case 'INTERVAL': {
      c.next();
      c.expectPunct('(');
      const interval = parseDuration(c, true);
      const w: WindowClause = { type: 'interval', interval };
      if (c.acceptPunct(',')) w.offset = c.acceptWord('AUTO') ? 'auto' : parseDuration(c, true);
      c.expectPunct(')');
      if (c.acceptWord('SLIDING')) {
        c.expectPunct('(');
        w.sliding = parseDuration(c, true);
        c.expectPunct(')');
      }
      if (c.isWord('FILL')) w.fill = parseFill(c);
      return w;
    }
    case 'SESSION': {
      c.next();
      c.expectPunct('(');
      const colToken = c.peek();
      const col = parseExpression(c);
      if (col.type !== 'column') c.fail(colToken);
      c.expectPunct(',');
      const gap = parseDuration(c, true);
      c.expectPunct(')');
      return { type: 'session', column: col, gap };
    }
    case 'STATE_WINDOW': {
      c.next();
      c.expectPunct('(');
      const expr = parseOperandExpression(c);
      c.expectPunct(')');
      return { type: 'state', expr, ...parseTrueFor(c) };
    }
    case 'EVENT_WINDOW': {
      c.next();
      c.expectWord('START');
      c.expectWord('WITH');
      const start = parseExpression(c);
      c.expectWord('END');
      c.expectWord('WITH');
      const end = parseExpression(c);
      return { type: 'event', start, end, ...parseTrueFor(c) };
    }
    case 'COUNT_WINDOW': {
      c.next();
      c.expectPunct('(');
      const w: WindowClause = { type: 'count', count: parseInteger(c) };
      if (c.acceptPunct(',')) {
        if (c.peek().kind === 'integer') w.slide = parseInteger(c);
        else c.pos--;
      }
      if (c.acceptPunct(',')) {
        const columns = [parseExpression(c)];
        while (c.acceptPunct(',')) columns.push(parseExpression(c));
        w.columns = columns;
      }
      c.expectPunct(')');
      return w;
    }
    default:
      return undefined;
  }
}
