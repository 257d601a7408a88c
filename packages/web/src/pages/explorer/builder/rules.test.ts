// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BUILDER_FUNCTIONS, defaultParams, functionSpec, validateCall } from './functions';
import { quoteText as quoteString } from '@tscloud/contracts/sql';
import { canAddRule, operatorsFor, ruleProblems, typeGroup, valueForOperator } from './filters';

describe('function parameter bounds (§5)', () => {
  it('APERCENTILE and PERCENTILE take p in 0-100', () => {
    expect(validateCall('apercentile', [0])).toEqual([]);
    expect(validateCall('apercentile', [100])).toEqual([]);
    expect(validateCall('apercentile', [101])).toEqual([{ index: 0, key: 'console.builder.paramRange' }]);
    expect(validateCall('percentile', [[0, 50, 100]])).toEqual([]);
    expect(validateCall('percentile', [[10, -1]])).toEqual([{ index: 0, key: 'console.builder.paramRange' }]);
    expect(validateCall('percentile', [[]])).toEqual([{ index: 0, key: 'console.builder.paramRange' }]);
  });

  it('TOP, BOTTOM and TAIL take k in 1-100; TAIL offset 0-100', () => {
    for (const fn of ['top', 'bottom']) {
      expect(validateCall(fn, [1])).toEqual([]);
      expect(validateCall(fn, [100])).toEqual([]);
      expect(validateCall(fn, [0])).toHaveLength(1);
      expect(validateCall(fn, [101])).toHaveLength(1);
    }
    expect(validateCall('tail', [100, 0])).toEqual([]);
    expect(validateCall('tail', [1, 101])).toEqual([{ index: 1, key: 'console.builder.paramRange' }]);
    expect(validateCall('tail', [1.5, 0])).toEqual([{ index: 0, key: 'console.builder.paramRange' }]);
  });

  it('SAMPLE and MAVG take k in 1-1000; DERIVATIVE interval 1-100', () => {
    expect(validateCall('sample', [1000])).toEqual([]);
    expect(validateCall('sample', [1001])).toHaveLength(1);
    expect(validateCall('mavg', [0])).toHaveLength(1);
    expect(validateCall('derivative', [100])).toEqual([]);
    expect(validateCall('derivative', [101])).toHaveLength(1);
  });

  it('STATECOUNT and STATEDURATION take a comparison and val at least 1', () => {
    expect(validateCall('statecount', ['GT', 1])).toEqual([]);
    expect(validateCall('stateduration', ['LE', 1_000_000])).toEqual([]);
    expect(validateCall('statecount', ['GT', 0])).toEqual([{ index: 1, key: 'console.builder.paramMin' }]);
    expect(validateCall('statecount', ['BIGGER', 2])).toEqual([{ index: 0, key: 'console.builder.paramChoice' }]);
  });

  it('starts every function with valid defaults', () => {
    for (const spec of BUILDER_FUNCTIONS) expect(validateCall(spec.name, defaultParams(spec))).toEqual([]);
    expect(functionSpec('percentile')?.tablesOnly).toBe(true);
  });
});

describe('filter operators by type (§5)', () => {
  it('groups engine types', () => {
    expect(typeGroup('INT UNSIGNED')).toBe('number');
    expect(typeGroup('DECIMAL(10,2)')).toBe('number');
    expect(typeGroup('NCHAR')).toBe('string');
    expect(typeGroup('TIMESTAMP')).toBe('timestamp');
    expect(typeGroup('BOOL')).toBe('bool');
    expect(typeGroup('JSON')).toBe('json');
    expect(typeGroup('GEOMETRY')).toBe('other');
  });

  it('offers BETWEEN to timestamps and numbers, LIKE to strings, Contains to JSON, = and != to BOOL', () => {
    const common = ['=', '!=', '>', '>=', '<', '<=', 'IN', 'NOT IN', 'IS NULL', 'IS NOT NULL'];
    expect(operatorsFor('TIMESTAMP')).toEqual([...common, 'BETWEEN']);
    expect(operatorsFor('DOUBLE')).toEqual([...common, 'BETWEEN']);
    expect(operatorsFor('VARCHAR')).toEqual([...common, 'LIKE']);
    expect(operatorsFor('JSON')).toEqual(['CONTAINS']);
    expect(operatorsFor('BOOL')).toEqual(['=', '!=']);
  });

  it('clears the value for operators needing none and makes a pair for ranges', () => {
    expect(valueForOperator('IS NULL', 'x')).toBe('');
    expect(valueForOperator('BETWEEN', '5')).toEqual(['5', '']);
    expect(valueForOperator('=', ['1', '2'])).toBe('1');
  });

  it('requires field, operator and value (both values of a range)', () => {
    expect(ruleProblems({})).toEqual(['field', 'operator']);
    expect(ruleProblems({ field: 'v', operator: '=', value: ' ' })).toEqual(['value']);
    expect(ruleProblems({ field: 'v', operator: 'BETWEEN', value: ['1', ''] })).toEqual(['value']);
    expect(ruleProblems({ field: 'v', operator: 'IS NULL', value: '' })).toEqual([]);
    expect(canAddRule([{ field: 'v', type: 'INT', operator: '=', value: '1' }])).toBe(true);
    expect(canAddRule([{ field: 'v', type: 'INT', operator: '=', value: '1' }, { group: true, connector: 'OR', children: [{ field: '', type: 'INT', operator: '=', value: '' }] }])).toBe(false);
  });

  it('escapes backslash and quotes in strings', () => {
    expect(quoteString(`a\\b'c"d`)).toBe(`'a\\\\b\\'c\\"d'`);
  });
});
