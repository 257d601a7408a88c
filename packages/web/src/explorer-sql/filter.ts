import { quoteText } from '@tscloud/contracts/sql';
import { ref } from './literal';
import { NUMBER_TYPES, STRING_TYPES } from './types';
import { naturalOrderSql } from './order';

/**
 * The super table advanced filter (data-explorer.md §3 filter rule, §5 filter operators and rule builder): a tree
 * of rules and groups joined by AND / OR, turned into a WHERE condition.
 */
export type Connector = 'AND' | 'OR';
export type Operator =
  | '=' | '!=' | '>' | '>=' | '<' | '<='
  | 'IN' | 'NOT IN' | 'IS NULL' | 'IS NOT NULL' | 'BETWEEN' | 'LIKE' | 'CONTAINS';

export interface FilterRule {
  kind: 'rule';
  id: string;
  field: string;
  /** The field's data type (DESCRIBE type). */
  type: string;
  operator: Operator | '';
  /** Single value, comma-separated list for IN / NOT IN, or a pair for BETWEEN. */
  value: string | [string, string];
}

export interface FilterGroup {
  kind: 'group';
  id: string;
  connector: Connector;
  children: FilterNode[];
}
export type FilterNode = FilterRule | FilterGroup;

export type TypeFamily = 'timestamp' | 'number' | 'string' | 'bool' | 'json';

export function typeFamily(type: string): TypeFamily {
  const t = type.toUpperCase().replace(/\(.*\)$/, '').trim();
  if (t === 'TIMESTAMP') return 'timestamp';
  if (t === 'BOOL') return 'bool';
  if (t === 'JSON') return 'json';
  if (NUMBER_TYPES.has(t)) return 'number';
  return STRING_TYPES.has(t) ? 'string' : 'string';
}

const COMPARISON: Operator[] = ['=', '!=', '>', '>=', '<', '<='];
const SETS: Operator[] = ['IN', 'NOT IN', 'IS NULL', 'IS NOT NULL'];

/** §5 operators by data type; the first is the default (=). */
export function operatorsFor(type: string): Operator[] {
  switch (typeFamily(type)) {
    case 'timestamp':
    case 'number':
      return [...COMPARISON, ...SETS, 'BETWEEN'];
    case 'string':
      return [...COMPARISON, ...SETS, 'LIKE'];
    case 'json':
      return ['CONTAINS'];
    case 'bool':
      return ['=', '!='];
  }
}

export const DEFAULT_OPERATOR: Operator = '=';

export function needsNoValue(op: Operator | ''): boolean {
  return op === 'IS NULL' || op === 'IS NOT NULL';
}

export function isRange(op: Operator | ''): boolean {
  return op === 'BETWEEN';
}

/** §5: choosing an operator clears the value when it needs none and sets a pair for a range. */
export function withOperator(rule: FilterRule, operator: Operator): FilterRule {
  if (needsNoValue(operator)) return { ...rule, operator, value: '' };
  if (isRange(operator)) return { ...rule, operator, value: Array.isArray(rule.value) ? rule.value : [typeof rule.value === 'string' ? rule.value : '', ''] };
  return { ...rule, operator, value: Array.isArray(rule.value) ? rule.value[0] : rule.value };
}

/** A rule is complete when it has a field, an operator and (unless the operator needs none) its value(s). */
export function ruleComplete(rule: FilterRule): boolean {
  if (!rule.field || !rule.operator) return false;
  if (needsNoValue(rule.operator)) return true;
  if (isRange(rule.operator)) return Array.isArray(rule.value) && rule.value[0].trim() !== '' && rule.value[1].trim() !== '';
  return typeof rule.value === 'string' && rule.value.trim() !== '';
}

/** What is missing in a rule: the key of the first required part, or null. */
export function ruleProblem(rule: FilterRule): 'field' | 'operator' | 'value' | null {
  if (!rule.field) return 'field';
  if (!rule.operator) return 'operator';
  return ruleComplete(rule) ? null : 'value';
}

/** §5: a new rule or group may be added only when every existing rule is complete. */
export function canAdd(node: FilterNode): boolean {
  return node.kind === 'rule' ? ruleComplete(node) : node.children.every(canAdd);
}

/** One value as a literal: a string (backslash and quotes escaped) in quotes; numbers as typed; bools bare. */
export function valueLiteral(type: string, raw: string): string {
  const text = raw.trim();
  const family = typeFamily(type);
  if (family === 'number') {
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new Error(`not a number: ${text}`);
    return text;
  }
  if (family === 'bool') return /^(true|1)$/i.test(text) ? 'true' : 'false';
  if (family === 'timestamp' && /^\d+$/.test(text)) return text;
  return quoteText(family === 'timestamp' ? text : raw);
}

/** The condition of one complete rule. */
export function ruleSql(rule: FilterRule): string {
  const field = ref(rule.field);
  const op = rule.operator;
  if (op === '') throw new Error('rule without operator');
  if (needsNoValue(op)) return `${field} ${op}`;
  if (isRange(op)) {
    const [a, b] = rule.value as [string, string];
    return `${field} BETWEEN ${valueLiteral(rule.type, a)} AND ${valueLiteral(rule.type, b)}`;
  }
  const value = rule.value as string;
  if (op === 'IN' || op === 'NOT IN') {
    const items = value.split(',').map((v) => v.trim()).filter((v) => v !== '');
    return `${field} ${op} (${items.map((v) => valueLiteral(rule.type, v)).join(', ')})`;
  }
  if (op === 'CONTAINS') return `${field} CONTAINS ${quoteText(value)}`;
  return `${field} ${op} ${valueLiteral(rule.type, value)}`;
}

/** The WHERE condition of a filter tree ('' when it has no complete rule); groups in brackets. */
export function filterSql(node: FilterNode): string {
  if (node.kind === 'rule') return ruleComplete(node) ? ruleSql(node) : '';
  const parts = node.children.map((child) => ({ child, sql: filterSql(child) })).filter((p) => p.sql !== '');
  return parts.map(({ child, sql }) => (child.kind === 'group' && parts.length > 1 ? `(${sql})` : sql)).join(` ${node.connector} `);
}

let counter = 0;
export function newRule(field = '', type = ''): FilterRule {
  counter += 1;
  return { kind: 'rule', id: `r${counter}`, field, type, operator: DEFAULT_OPERATOR, value: '' };
}

export function newGroup(connector: Connector = 'AND'): FilterGroup {
  counter += 1;
  return { kind: 'group', id: `g${counter}`, connector, children: [] };
}

/** The child tables of a super table whose tags match the filter (SELECT TAGS: one row per child table). */
function matchingChildTables(db: string, stable: string, where: string): string {
  return `SELECT TAGS TBNAME FROM ${ref(db)}.${ref(stable)}${where ? ` WHERE ${where}` : ''}`;
}

/** One page of the matching child tables, in natural name order. */
export function filteredChildTablesSql(db: string, stable: string, where: string, offset: number, limit: number): string {
  return `SELECT tbname FROM (${matchingChildTables(db, stable, where)}) ORDER BY ${naturalOrderSql('tbname')} LIMIT ${limit} OFFSET ${offset}`;
}

/** How many child tables match (the true count, however many pages). */
export function filteredChildTablesCountSql(db: string, stable: string, where: string): string {
  return `SELECT COUNT(*) AS total FROM (${matchingChildTables(db, stable, where)})`;
}
