import type { TypeSpec } from '../../types';
import type { Duration, Identifier, QualifiedName, Span } from './common';

/**
 * Every expression node carries `text`: the exact source text of the expression as the user wrote it
 * (TDengine names result columns by the raw text, e.g. `avg(current)`; see docs/engine-sql.md), and `span`.
 */
interface ExprBase {
  text: string;
  span: Span;
}

/** Integer literal; `value` is the decimal digits (may exceed 2^53; hex is converted). Sign is a unary node. */
export interface IntegerLiteral extends ExprBase {
  type: 'integer';
  value: string;
}
export interface FloatLiteral extends ExprBase {
  type: 'float';
  value: number;
}
export interface StringLiteral extends ExprBase {
  type: 'string';
  value: string;
}
export interface BoolLiteral extends ExprBase {
  type: 'bool';
  value: boolean;
}
export interface NullLiteral extends ExprBase {
  type: 'null';
}
/** `10m`, `1h` (arithmetic operand or function argument). */
export interface DurationLiteral extends ExprBase {
  type: 'duration';
  duration: Duration;
}
/** NOW, NOW(), TODAY(): evaluated once per statement. */
export interface TimeKeyword extends ExprBase {
  type: 'timeKeyword';
  keyword: 'now' | 'today';
}
/** `TIMESTAMP '2021-07-13 14:06:32.272'` */
export interface TimestampLiteral extends ExprBase {
  type: 'timestamp';
  value: string;
}

export type Literal =
  | IntegerLiteral
  | FloatLiteral
  | StringLiteral
  | BoolLiteral
  | NullLiteral
  | DurationLiteral
  | TimeKeyword
  | TimestampLiteral;

/**
 * A column (or pseudo column such as `tbname`, `_wstart`, `_rowts`, `_c0`) reference:
 * `col`, `tb.col`, `db.tb.col`. Pseudo columns are not special in the AST; the binder resolves them.
 */
export interface ColumnRef extends ExprBase {
  type: 'column';
  table?: QualifiedName;
  name: Identifier;
  /** written by the binder for `*` and `last(*)`: reaches a subquery's outputs that no name reaches */
  expanded?: boolean;
  /** A 3.3.7 stream's placeholder `%%1`, `%%tbname` (its name as written): read only in a stream's query and tags. */
  placeholder?: true;
}

/** `*` or `tb.*` — in a select list or as a function argument (`count(*)`, `last(*)`). */
export interface Star extends ExprBase {
  type: 'star';
  table?: QualifiedName;
}

/** Function call; `name` is lower-cased. Star arguments appear as `Star` nodes in `args`. */
export interface FunctionCall extends ExprBase {
  type: 'function';
  name: string;
  args: Expression[];
  /** `COLS(f(x), e AS a, …)`: the alias of each argument that has one (same index as `args`). */
  argAliases?: (Identifier | undefined)[];
  /** `TRIM(LEADING|TRAILING|BOTH [remstr] FROM x)`: the side written (args are then [remstr, x] or [x]). */
  trim?: 'both' | 'leading' | 'trailing';
}

export type UnaryOperator = '-' | '+' | 'NOT' | '~';
export interface UnaryExpr extends ExprBase {
  type: 'unary';
  op: UnaryOperator;
  operand: Expression;
}

export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';
/** Bitwise and/or and shifts. */
export type BitOperator = '&' | '|' | '<<' | '>>';
/** `||` string concatenation (binds tighter than arithmetic, as in TDengine). */
/** `!=` is normalized to `<>`. */
export type ComparisonOperator = '=' | '<>' | '<' | '<=' | '>' | '>=';
export type LogicalOperator = 'AND' | 'OR';
/** `->` JSON tag key access, `CONTAINS` JSON key test. */
export type JsonOperator = '->' | 'CONTAINS';
export type BinaryOperator =
  | ArithmeticOperator
  | BitOperator
  | ComparisonOperator
  | LogicalOperator
  | JsonOperator;

export interface BinaryExpr extends ExprBase {
  type: 'binary';
  op: BinaryOperator;
  left: Expression;
  right: Expression;
}

/** `x [NOT] LIKE p`, `x MATCH re`, `x NMATCH re`, `x [NOT] REGEXP re` (MATCH with `not`: regular expressions). */
export interface LikeExpr extends ExprBase {
  type: 'like';
  op: 'LIKE' | 'MATCH' | 'NMATCH';
  not: boolean;
  expr: Expression;
  pattern: Expression;
}

export interface InExpr extends ExprBase {
  type: 'in';
  not: boolean;
  expr: Expression;
  /** A value list (3.3.7.5's grammar has no IN subquery). */
  list: Expression[];
}

export interface BetweenExpr extends ExprBase {
  type: 'between';
  not: boolean;
  expr: Expression;
  low: Expression;
  high: Expression;
}

export interface IsNullExpr extends ExprBase {
  type: 'isNull';
  not: boolean;
  expr: Expression;
}

export interface CaseWhen {
  when: Expression;
  then: Expression;
}
/** `CASE [operand] WHEN .. THEN .. [ELSE ..] END` */
export interface CaseExpr extends ExprBase {
  type: 'case';
  operand?: Expression;
  whens: CaseWhen[];
  else?: Expression;
}

/** `CAST(expr AS type)` */
export interface CastExpr extends ExprBase {
  type: 'cast';
  expr: Expression;
  target: TypeSpec;
}

export type Expression =
  | Literal
  | ColumnRef
  | Star
  | FunctionCall
  | UnaryExpr
  | BinaryExpr
  | LikeExpr
  | InExpr
  | BetweenExpr
  | IsNullExpr
  | CaseExpr
  | CastExpr;

export type ExpressionType = Expression['type'];

/** An expression node without its `text`/`span` (what parsers build before the source range is known). */
export type ExpressionBody = Expression extends infer E ? (E extends Expression ? Omit<E, 'text' | 'span'> : never) : never;
