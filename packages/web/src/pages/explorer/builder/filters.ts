/**
 * Filter rules of the query builder (data-explorer.md §3 "Filter rule", §5 "Filter operators by data type" and
 * "Filter rule builder"). Pure: operators per column type, rule completeness, and the value builder.
 */
import { quoteText } from '@tscloud/contracts/sql';

export type TypeGroup = 'timestamp' | 'number' | 'string' | 'bool' | 'json' | 'other';

const NUMBER_TYPES = /^(TINYINT|SMALLINT|INT|INTEGER|BIGINT|FLOAT|DOUBLE|DECIMAL)/;

/** The group of an engine type name (`INT UNSIGNED`, `VARCHAR`, `DECIMAL(10,2)` …). */
export function typeGroup(type: string): TypeGroup {
  const t = type.trim().toUpperCase();
  if (t.startsWith('TIMESTAMP')) return 'timestamp';
  if (NUMBER_TYPES.test(t)) return 'number';
  if (/^(BINARY|VARCHAR|NCHAR)/.test(t)) return 'string';
  if (t.startsWith('BOOL')) return 'bool';
  if (t.startsWith('JSON')) return 'json';
  return 'other';
}

export type Operator = '=' | '!=' | '>' | '>=' | '<' | '<=' | 'IN' | 'NOT IN' | 'IS NULL' | 'IS NOT NULL' | 'BETWEEN' | 'LIKE' | 'CONTAINS';

const COMPARISON: Operator[] = ['=', '!=', '>', '>=', '<', '<=', 'IN', 'NOT IN', 'IS NULL', 'IS NOT NULL'];

/** §5: comparison plus IN / NOT IN / IS [NOT] NULL for timestamps, numbers and strings; BETWEEN for timestamps and
 * numbers; LIKE for strings; Contains for JSON; = and != for BOOL. Other types (GEOMETRY, VARBINARY): only NULL tests. */
export function operatorsFor(type: string): Operator[] {
  switch (typeGroup(type)) {
    case 'timestamp':
    case 'number':
      return [...COMPARISON, 'BETWEEN'];
    case 'string':
      return [...COMPARISON, 'LIKE'];
    case 'json':
      return ['CONTAINS'];
    case 'bool':
      return ['=', '!='];
    default:
      return ['IS NULL', 'IS NOT NULL'];
  }
}

export const needsNoValue = (op: Operator) => op === 'IS NULL' || op === 'IS NOT NULL';
export const isRange = (op: Operator) => op === 'BETWEEN';
export const isList = (op: Operator) => op === 'IN' || op === 'NOT IN';

/** A rule's value: one text, a [from, to] pair for ranges, or (for IN) a comma-separated text. */
export type RuleValue = string | [string, string];

export interface FilterRule {
  group?: false;
  field: string;
  /** The field's engine type (decides operators and quoting). */
  type: string;
  operator: Operator;
  value: RuleValue;
}

export interface FilterGroup {
  group: true;
  connector: 'AND' | 'OR';
  children: FilterNode[];
}

export type FilterNode = FilterRule | FilterGroup;

/** §5: the value a rule gets when its operator changes (none-value operators clear it, ranges get a pair). */
export function valueForOperator(op: Operator, previous: RuleValue): RuleValue {
  if (needsNoValue(op)) return '';
  if (isRange(op)) return Array.isArray(previous) ? previous : [typeof previous === 'string' ? previous : '', ''];
  return Array.isArray(previous) ? previous[0] : previous;
}

/** Message keys for what a rule is missing (field, operator, value; both values of a range). */
export function ruleProblems(rule: Partial<FilterRule>): Array<'field' | 'operator' | 'value'> {
  const out: Array<'field' | 'operator' | 'value'> = [];
  if (!rule.field) out.push('field');
  if (!rule.operator) out.push('operator');
  else if (!needsNoValue(rule.operator)) {
    const v = rule.value;
    const filled = Array.isArray(v) ? v.every((x) => x.trim() !== '') && isRange(rule.operator) : typeof v === 'string' && v.trim() !== '';
    if (!filled) out.push('value');
  }
  return out;
}

/** §5: a new rule or group may be added only when every existing rule is complete. */
export function canAddRule(nodes: readonly FilterNode[]): boolean {
  return nodes.every((n) => (n.group ? canAddRule(n.children) : ruleProblems(n).length === 0));
}

/** A literal of the field's type: numbers as written (checked), booleans as true/false, everything else quoted. */
export function literal(type: string, text: string): string {
  const t = text.trim();
  const group = typeGroup(type);
  if (group === 'number') {
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) throw new Error(`not a number: ${text}`);
    return t;
  }
  if (group === 'bool') {
    const lower = t.toLowerCase();
    if (lower !== 'true' && lower !== 'false') throw new Error(`not a boolean: ${text}`);
    return lower;
  }
  return quoteText(group === 'timestamp' ? t : text);
}

/** The list of an IN rule: comma-separated items, each a literal of the type, in parentheses. */
export function listLiteral(type: string, text: string): string {
  const items = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  return `(${items.map((s) => literal(type, s)).join(', ')})`;
}
