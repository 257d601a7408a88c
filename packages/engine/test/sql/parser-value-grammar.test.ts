import { describe, expect, it } from 'vitest';
import type { InsertStatement } from '../../src/sql';
import { expectIncomplete, expectSyntaxError, parseAs } from './helpers';

// TDengine 3.3.7.5's grammar (sql.y) as the conformance goldens show it: 02_types_numeric, 22_expressions_nulls.
describe('conditions: NOT, AND and OR take predicates only', () => {
  it('refuses a plain value as an operand, at the token TDengine names', () => {
    expectSyntaxError('select ts from t where not b order by ts', 'order by ts');
    expectSyntaxError('select true and false', 'and false');
    expectSyntaxError('select ts, f or a > 0 from t', 'or a > 0 from t');
    expectSyntaxError('select a > 0 and f from t', 'from t');
    expectIncomplete('select not null');
  });

  it('takes predicates, nested conditions and a bare value as a whole WHERE', () => {
    parseAs('select ts from t where b order by ts', 'select');
    parseAs("select ts from t where not (a > 0) and (b is null or c in (1, 2)) and s like 'x%' and j contains 'k'", 'select');
    parseAs('select ts from t where a between 1 and 2 or not a = 3', 'select');
  });
});

describe('literals and operators the grammar lacks', () => {
  it('has no shift operators', () => {
    expectSyntaxError('select 1 << 62', '<< 62');
    expectSyntaxError('select ts, bi >> 1 from t', '>> 1 from t');
  });

  it('takes hex and binary literals only as INSERT and tag values', () => {
    expectSyntaxError('select 0x1F', '0x1f');
    expectSyntaxError('select 0b1011', '0b1011');
    const insert = parseAs('insert into t values (now, 0x10, 0b101, -0x7f)', 'insert') as InsertStatement;
    const source = insert.targets[0].source;
    if (source.type !== 'values') throw new Error('not values');
    const row = source.rows.toRows()[0];
    expect(row.slice(1).map((v) => (typeof v === 'object' && v !== null && 'text' in v ? v.text : v))).toEqual(['0x10', '0b101', '-0x7f']);
    parseAs('create table c using s tags (0x10)', 'createChildTables');
  });
});
