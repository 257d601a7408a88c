import type {
  BinaryOperator,
  ColumnRef,
  Expression,
  ExpressionBody,
  FunctionCall,
  Identifier,
  QualifiedName,
  Span,
} from '../ast';
import type { TypeSpec } from '../../types';
import type { Token } from '../tokenizer';
import { isKeyword } from '../tokenizer';
import { isQueryStart, type Cursor } from './cursor';
import { parseTypeSpec } from './data-type';
import { KEYWORD_FUNCTIONS, PSEUDO_COLUMNS } from './expression-words';
import { checkName, durationFromText, identifierOf, parseAlias, parseStreamPlaceholder } from './names';

const COMPARISON: Record<string, BinaryOperator> = {
  '=': '=',
  '<>': '<>',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

/** Binary operator levels, loosest first (lemon %left order in sql.y). TDengine's grammar has no `<<`/`>>`. */
const BITWISE = new Set(['&', '|']);
const ADDITIVE = new Set(['+', '-']);
const MULTIPLICATIVE = new Set(['*', '/', '%']);

function spanOf(c: Cursor, startToken: Token): Span {
  return { start: startToken.start, end: c.prev().end };
}

/** Builds a node with `text`/`span` covering the tokens from `startToken` to the last consumed one. */
export function finish(c: Cursor, startToken: Token, node: ExpressionBody): Expression {
  const span = spanOf(c, startToken);
  return Object.assign(node, { text: c.text(span.start, span.end), span });
}

/** A full expression including OR/AND/NOT and predicates (TDengine's common_expression). */
export function parseExpression(c: Cursor): Expression {
  const start = c.peek();
  let left = parseAnd(c);
  while (c.isWord('OR')) {
    if (!isCondition(left)) c.fail();
    c.next();
    const right = conditionOperand(c, parseAnd(c));
    left = finish(c, start, { type: 'binary', op: 'OR', left, right });
  }
  return left;
}

/**
 * A value expression of INSERT VALUES, TAGS and SET TAG (TDengine's tags_literal): unlike other expressions it may
 * be a hex or binary literal (`0x1f`, `0b101`), which anywhere else is a syntax error.
 */
export function parseValueExpression(c: Cursor): Expression {
  const outer = c.hexLiterals;
  c.hexLiterals = true;
  try {
    return parseExpression(c);
  } finally {
    c.hexLiterals = outer;
  }
}

const CONDITION_OPERATORS = new Set<string>([...Object.values(COMPARISON), 'CONTAINS', 'AND', 'OR']);

/**
 * TDengine's boolean_primary: what NOT, AND and OR take is a predicate (comparison, BETWEEN, IN, IS NULL, LIKE,
 * MATCH, CONTAINS) or a condition in parentheses, never a plain value: `not b`, `true and false`, `null or x > 1`
 * are syntax errors although `where b` is not.
 */
function isCondition(e: Expression): boolean {
  switch (e.type) {
    case 'like':
    case 'in':
    case 'between':
    case 'isNull':
      return true;
    case 'binary':
      return CONDITION_OPERATORS.has(e.op);
    case 'unary':
      return e.op === 'NOT';
    default:
      return false;
  }
}

/** The right operand of AND/OR or NOT's operand: a plain value fails at the token after it, as TDengine's parser. */
function conditionOperand(c: Cursor, e: Expression): Expression {
  if (!isCondition(e)) c.fail();
  return e;
}

function parseAnd(c: Cursor): Expression {
  const start = c.peek();
  let left = parseNot(c);
  while (c.isWord('AND')) {
    if (!isCondition(left)) c.fail();
    c.next();
    const right = conditionOperand(c, parseNot(c));
    left = finish(c, start, { type: 'binary', op: 'AND', left, right });
  }
  return left;
}

function parseNot(c: Cursor): Expression {
  const start = c.peek();
  if (c.isWord('NOT')) {
    c.next();
    const operand = conditionOperand(c, parseNot(c));
    return finish(c, start, { type: 'unary', op: 'NOT', operand });
  }
  return parsePredicate(c);
}

/** `a op b`, `[NOT] BETWEEN`, `IS [NOT] NULL`, `[NOT] IN`, `[NOT] LIKE`, `MATCH`, `NMATCH`, `CONTAINS`. */
function parsePredicate(c: Cursor): Expression {
  const start = c.peek();
  const left = parseBinaryLevel(c, 0);
  const t = c.peek();
  if (t.kind === 'punct' && COMPARISON[t.value]) {
    c.next();
    const right = parseBinaryLevel(c, 0);
    return finish(c, start, { type: 'binary', op: COMPARISON[t.value], left, right });
  }
  if (t.kind !== 'word') return left;
  if (t.value === 'IS') {
    c.next();
    const not = c.acceptWord('NOT');
    c.expectWord('NULL');
    return finish(c, start, { type: 'isNull', not, expr: left });
  }
  const not = t.value === 'NOT' && ['BETWEEN', 'IN', 'LIKE', 'REGEXP'].some((w) => c.isWord(w, 1));
  if (not) c.next();
  const op = c.peek();
  if (op.kind !== 'word') return not ? c.fail(op) : left;
  switch (op.value) {
    case 'BETWEEN': {
      c.next();
      const low = parseBinaryLevel(c, 0);
      c.expectWord('AND');
      const high = parseBinaryLevel(c, 0);
      return finish(c, start, { type: 'between', not, expr: left, low, high });
    }
    case 'IN': {
      c.next();
      c.expectPunct('(');
      // 3.3.7.5's grammar has no subquery in an expression (sql.y: IN takes an expression list; TDengine 3.4 added
      // them): `v in (select ..)` is 9728 at its SELECT (18#19, 29#45, 36#244)
      if (isQueryStart(c)) c.fail();
      const list = [parseExpression(c)];
      while (c.acceptPunct(',')) list.push(parseExpression(c));
      c.expectPunct(')');
      return finish(c, start, { type: 'in', not, expr: left, list });
    }
    case 'LIKE':
    case 'MATCH':
    case 'NMATCH':
    case 'REGEXP': {
      if (not && op.value !== 'LIKE' && op.value !== 'REGEXP') c.fail(op);
      c.next();
      const pattern = parseBinaryLevel(c, 0);
      // `x REGEXP re` is MATCH, `x NOT REGEXP re` NMATCH
      const kind = op.value === 'REGEXP' ? 'MATCH' : (op.value as 'LIKE' | 'MATCH' | 'NMATCH');
      return finish(c, start, { type: 'like', op: kind, not, expr: left, pattern });
    }
    case 'CONTAINS': {
      c.next();
      const right = parseBinaryLevel(c, 0);
      return finish(c, start, { type: 'binary', op: 'CONTAINS', left, right });
    }
    default:
      return not ? c.fail(op) : left;
  }
}

/**
 * An expression without comparisons or logic (TDengine's expr_or_subquery), as STATE_WINDOW takes:
 * `state_window(cnt > 11)` is a syntax error near `> 11)`.
 */
export function parseOperandExpression(c: Cursor): Expression {
  return parseBinaryLevel(c, 0);
}

// TDengine's grammar has no `||`: `'a' || 'b'` is a syntax error near "|| 'b'" (CONCAT joins text)
const LEVELS = [BITWISE, ADDITIVE, MULTIPLICATIVE];

/** Left-associative binary operators by precedence level (bitwise < + - < * / %). */
function parseBinaryLevel(c: Cursor, level: number): Expression {
  if (level === LEVELS.length) return parseUnary(c);
  const start = c.peek();
  let left = parseBinaryLevel(c, level + 1);
  for (;;) {
    const t = c.peek();
    if (t.kind !== 'punct' || !LEVELS[level].has(t.value)) return left;
    c.next();
    const right = parseBinaryLevel(c, level + 1);
    left = finish(c, start, { type: 'binary', op: t.value as BinaryOperator, left, right });
  }
}

function parseUnary(c: Cursor): Expression {
  const start = c.peek();
  if (start.kind === 'punct' && (start.value === '-' || start.value === '+' || start.value === '~')) {
    c.next();
    const operand = parseUnary(c);
    return finish(c, start, { type: 'unary', op: start.value as '-' | '+' | '~', operand });
  }
  let expr = parsePrimary(c);
  // JSON tag access: tags->'key', once (TDengine's grammar: `j->'a'->'b'` fails at the second ->)
  if (c.isPunct('->')) {
    c.next();
    const key = c.peek();
    if (key.kind !== 'string') c.fail(key);
    const right = parsePrimary(c);
    expr = finish(c, start, { type: 'binary', op: '->', left: expr, right });
  }
  return expr;
}

function parsePrimary(c: Cursor): Expression {
  const t = c.peek();
  switch (t.kind) {
    case 'hex':
    case 'binary':
      if (!c.hexLiterals) return c.fail(t);
      c.next();
      return finish(c, t, { type: 'integer', value: normalizeInteger(t.value) });
    case 'integer':
      c.next();
      return finish(c, t, { type: 'integer', value: normalizeInteger(t.value) });
    case 'float':
      c.next();
      return finish(c, t, { type: 'float', value: Number(t.value) });
    case 'string':
      c.next();
      return finish(c, t, { type: 'string', value: t.value });
    case 'duration': {
      c.next();
      const duration = durationFromText(t.value);
      if (!duration) return c.fail(t);
      return finish(c, t, { type: 'duration', duration });
    }
    case 'quoted':
      return parseNameExpression(c);
    case 'punct': {
      if (t.value === '(') return parseParenthesized(c);
      const placeholder = parseStreamPlaceholder(c, 'expression');
      if (placeholder) return finish(c, t, { type: 'column', name: placeholder, placeholder: true });
      if (t.value === '*') {
        c.next();
        return finish(c, t, { type: 'star' });
      }
      return c.fail(t);
    }
    case 'word':
      return parseWordExpression(c, t);
    default:
      return c.fail(t);
  }
}

function normalizeInteger(digits: string): string {
  return digits.length > 1 && digits[0] === '0' ? BigInt(digits).toString() : digits;
}

/**
 * `( expr )` keeps the parentheses in `text`, as TDengine's raw expression text does. A query there (a scalar
 * subquery, `v = (select ..)`) is 9728 at its SELECT: 3.3.7.5's grammar has none in an expression (18#20, #21, 29#46,
 * #47, 25#52); subqueries stand in FROM only.
 */
function parseParenthesized(c: Cursor): Expression {
  const open = c.next();
  if (isQueryStart(c)) c.fail();
  const inner = parseExpression(c);
  c.expectPunct(')');
  const span = spanOf(c, open);
  inner.span = span;
  inner.text = c.text(span.start, span.end);
  return inner;
}

function parseWordExpression(c: Cursor, t: Token): Expression {
  const w = t.value;
  switch (w) {
    case 'NULL':
      c.next();
      return finish(c, t, { type: 'null' });
    case 'TRUE':
    case 'FALSE':
      c.next();
      return finish(c, t, { type: 'bool', value: w === 'TRUE' });
    case 'NOW':
    case 'TODAY':
      c.next();
      if (c.isPunct('(')) {
        c.next();
        c.expectPunct(')');
      }
      return finish(c, t, { type: 'timeKeyword', keyword: w === 'NOW' ? 'now' : 'today' });
    case 'TIMESTAMP': {
      c.next();
      const s = c.peek();
      if (s.kind !== 'string') return c.fail(s);
      c.next();
      return finish(c, t, { type: 'timestamp', value: s.value });
    }
    case 'CASE':
      return parseCase(c);
    case 'CAST':
      return parseCast(c);
  }
  if (PSEUDO_COLUMNS.has(w)) {
    c.next();
    return finish(c, t, { type: 'column', name: { name: w.toLowerCase(), quoted: false } });
  }
  if (c.isPunct('(', 1) && (KEYWORD_FUNCTIONS.has(w) || !isKeyword(w))) return parseFunctionCall(c);
  if (isKeyword(w)) return c.fail(t);
  return parseNameExpression(c);
}

/**
 * `col`, `tb.col`, `tb.*`, `db.tb.*`, `tb.tbname`, `name(args)` for back-quoted names too. A column is named by at
 * most two parts (sql.y's column_reference: `table_name . column_name`): `db.tb.col` fails at its second dot.
 */
function parseNameExpression(c: Cursor): Expression {
  const start = c.peek();
  if (c.isPunct('(', 1)) return parseFunctionCall(c);
  const tokens: Token[] = [c.next()];
  let pseudo: Identifier | undefined;
  while (c.isPunct('.') && tokens.length < 3) {
    if (tokens.length === 2 && !c.isPunct('*', 1)) return c.fail();
    c.next();
    const n = c.peek();
    if (n.kind === 'punct' && n.value === '*') {
      c.next();
      return finish(c, start, { type: 'star', table: qualifiedOf(c, tokens) });
    }
    if (n.kind === 'word' && PSEUDO_COLUMNS.has(n.value)) {
      c.next();
      pseudo = { name: n.value.toLowerCase(), quoted: false };
      break;
    }
    if (!c.isName()) return c.fail(n);
    tokens.push(c.next());
  }
  const nameToken = pseudo ? undefined : (tokens.pop() as Token);
  if (nameToken) checkName(c, nameToken, 'column');
  const name = pseudo ?? identifierOf(nameToken as Token, c);
  const node: Omit<ColumnRef, 'text' | 'span'> = tokens.length ? { type: 'column', table: qualifiedOf(c, tokens), name } : { type: 'column', name };
  return finish(c, start, node);
}

/** `tb` or `db.tb` from name tokens, length-checked. */
function qualifiedOf(c: Cursor, tokens: Token[]): QualifiedName {
  tokens.forEach((t, i) => checkName(c, t, i === tokens.length - 1 ? 'table' : 'db'));
  const parts = tokens.map((t) => identifierOf(t, c));
  return toQualified(parts);
}

function toQualified(parts: Identifier[]): QualifiedName {
  return parts.length === 1 ? { name: parts[0] } : { db: parts[0], name: parts[1] };
}

/**
 * `name(args)`: `*` arguments are Star nodes; `position(a IN b)`. sql.y's function_expression takes an
 * expression_list, so `count(distinct x)` is a syntax error near `distinct x)`.
 */
function parseFunctionCall(c: Cursor): Expression {
  const start = c.next();
  const name = start.value.toLowerCase();
  c.expectPunct('(');
  const node: Omit<FunctionCall, 'text' | 'span'> = { type: 'function', name, args: [] };
  if (c.acceptPunct(')')) return finish(c, start, node);
  if (c.isWord('DISTINCT')) c.fail();
  if (name === 'position') {
    node.args.push(parseBinaryLevel(c, 0));
    c.expectWord('IN');
    node.args.push(parseBinaryLevel(c, 0));
  } else if (name === 'trim') {
    parseTrimArgs(c, node);
  } else if (name === 'substring' || name === 'substr') {
    // SUBSTRING(x, pos[, len]) or SUBSTRING(x FROM pos [FOR len])
    node.args.push(parseExpression(c));
    if (c.acceptWord('FROM')) {
      node.args.push(parseExpression(c));
      if (c.acceptWord('FOR')) node.args.push(parseExpression(c));
    } else while (c.acceptPunct(',')) node.args.push(parseExpression(c));
  } else if (name === 'cols') {
    // COLS(f(x), e1 [AS] a1, …): each output expression may carry its own alias (3.3.6+). The first argument is a
    // function call and at least one output follows (3.3.7.5's grammar: `cols(v, ts)` fails near `, ts)`,
    // `cols(max(v))` near `)`).
    if (!c.isPunct('(', 1)) {
      c.next();
      c.fail();
    }
    node.args.push(parseExpression(c));
    if (!c.isPunct(',')) c.fail();
    const aliases: (Identifier | undefined)[] = [undefined];
    while (c.acceptPunct(',')) {
      node.args.push(parseExpression(c));
      aliases.push(parseAlias(c));
    }
    if (aliases.some((a) => a)) node.argAliases = aliases;
  } else {
    node.args.push(parseExpression(c));
    while (c.acceptPunct(',')) node.args.push(parseExpression(c));
  }
  c.expectPunct(')');
  return finish(c, start, node);
}

/** `TRIM([BOTH|LEADING|TRAILING] [remstr] FROM x)` or `TRIM(x)`: args [remstr, x] or [x], the side in `trim`. */
function parseTrimArgs(c: Cursor, node: Omit<FunctionCall, 'text' | 'span'>): void {
  const side = (['BOTH', 'LEADING', 'TRAILING'] as const).find((w) => c.isWord(w));
  if (side) {
    c.next();
    node.trim = side.toLowerCase() as 'both' | 'leading' | 'trailing';
    if (c.acceptWord('FROM')) {
      node.args.push(parseExpression(c));
      return;
    }
  }
  const first = parseExpression(c);
  if (c.acceptWord('FROM')) {
    node.trim ??= 'both';
    node.args.push(first, parseExpression(c));
  } else {
    if (side) c.fail();
    node.args.push(first);
    while (c.acceptPunct(',')) node.args.push(parseExpression(c));
  }
}

/** `CASE [operand] WHEN a THEN b ... [ELSE e] END` */
function parseCase(c: Cursor): Expression {
  const start = c.next();
  const operand = c.isWord('WHEN') ? undefined : parseExpression(c);
  const whens: { when: Expression; then: Expression }[] = [];
  while (c.acceptWord('WHEN')) {
    const when = parseExpression(c);
    c.expectWord('THEN');
    whens.push({ when, then: parseExpression(c) });
  }
  if (whens.length === 0) c.fail();
  const elseExpr = c.acceptWord('ELSE') ? parseExpression(c) : undefined;
  c.expectWord('END');
  const node: Record<string, unknown> = { type: 'case', whens };
  if (operand) node.operand = operand;
  if (elseExpr) node.else = elseExpr;
  return finish(c, start, node as unknown as ExpressionBody);
}

/** `CAST(expr AS type)` */
function parseCast(c: Cursor): Expression {
  const start = c.next();
  c.expectPunct('(');
  const expr = parseExpression(c);
  c.expectWord('AS');
  const target = parseCastTarget(c);
  c.expectPunct(')');
  return finish(c, start, { type: 'cast', expr, target });
}

/** TSDB_MAX_BINARY_LEN less the 2-byte header: the VARCHAR length of `CAST(x AS VARCHAR)` written without one. */
const CAST_DEFAULT_VARCHAR_LENGTH = 65517;

/** A CAST target: a type as in DDL, but VARCHAR/BINARY may omit the length there. */
function parseCastTarget(c: Cursor): TypeSpec {
  if ((c.isWord('VARCHAR') || c.isWord('BINARY')) && !c.isPunct('(', 1)) {
    c.next();
    return { name: 'VARCHAR', length: CAST_DEFAULT_VARCHAR_LENGTH };
  }
  return parseTypeSpec(c);
}
