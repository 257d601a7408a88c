/**
 * The query builder's functions and their parameters (data-explorer.md §5 "Query builder function parameters").
 * Each parameter has a kind and, for numbers, inclusive bounds; `validateCall` answers with i18n keys. Pure.
 */

export type ParamSpec =
  | { kind: 'int'; labelKey: ParamLabel; min: number; max?: number; default: number }
  /** Several integers (PERCENTILE's p values), each within the bounds; at least one. */
  | { kind: 'intList'; labelKey: ParamLabel; min: number; max: number; default: number }
  /** One of a fixed set of words, written quoted ('GT') as STATECOUNT and STATEDURATION expect. */
  | { kind: 'choice'; labelKey: ParamLabel; options: readonly string[]; default: string };

export type ParamLabel = 'console.builder.param.p' | 'console.builder.param.k' | 'console.builder.param.offset' | 'console.builder.param.interval' | 'console.builder.param.op' | 'console.builder.param.val';

export interface FunctionSpec {
  name: string;
  params: readonly ParamSpec[];
  /** Which column types it takes: numbers only, or any column. */
  input: 'number' | 'any';
  /** Not on super tables (PERCENTILE is for tables only, facts §2.11). */
  tablesOnly?: boolean;
  /** Per-row output (time-series / multi-row functions): cannot be mixed with INTERVAL windows. */
  perRow?: boolean;
}

const STATE_OPS = ['LT', 'GT', 'LE', 'GE', 'NE', 'EQ'] as const;

export const BUILDER_FUNCTIONS: readonly FunctionSpec[] = [
  { name: 'count', params: [], input: 'any' },
  { name: 'avg', params: [], input: 'number' },
  { name: 'sum', params: [], input: 'number' },
  { name: 'max', params: [], input: 'number' },
  { name: 'min', params: [], input: 'number' },
  { name: 'first', params: [], input: 'any' },
  { name: 'last', params: [], input: 'any' },
  { name: 'last_row', params: [], input: 'any' },
  { name: 'spread', params: [], input: 'number' },
  { name: 'stddev', params: [], input: 'number' },
  { name: 'twa', params: [], input: 'number' },
  { name: 'apercentile', params: [{ kind: 'int', labelKey: 'console.builder.param.p', min: 0, max: 100, default: 50 }], input: 'number' },
  { name: 'percentile', params: [{ kind: 'intList', labelKey: 'console.builder.param.p', min: 0, max: 100, default: 50 }], input: 'number', tablesOnly: true },
  { name: 'top', params: [{ kind: 'int', labelKey: 'console.builder.param.k', min: 1, max: 100, default: 1 }], input: 'number', perRow: true },
  { name: 'bottom', params: [{ kind: 'int', labelKey: 'console.builder.param.k', min: 1, max: 100, default: 1 }], input: 'number', perRow: true },
  {
    name: 'tail',
    params: [
      { kind: 'int', labelKey: 'console.builder.param.k', min: 1, max: 100, default: 1 },
      { kind: 'int', labelKey: 'console.builder.param.offset', min: 0, max: 100, default: 0 },
    ],
    input: 'any',
    perRow: true,
  },
  { name: 'sample', params: [{ kind: 'int', labelKey: 'console.builder.param.k', min: 1, max: 1000, default: 1 }], input: 'any', perRow: true },
  { name: 'mavg', params: [{ kind: 'int', labelKey: 'console.builder.param.k', min: 1, max: 1000, default: 1 }], input: 'number', perRow: true },
  { name: 'derivative', params: [{ kind: 'int', labelKey: 'console.builder.param.interval', min: 1, max: 100, default: 1 }], input: 'number', perRow: true },
  {
    name: 'statecount',
    params: [
      { kind: 'choice', labelKey: 'console.builder.param.op', options: STATE_OPS, default: 'GT' },
      { kind: 'int', labelKey: 'console.builder.param.val', min: 1, default: 1 },
    ],
    input: 'number',
    perRow: true,
  },
  {
    name: 'stateduration',
    params: [
      { kind: 'choice', labelKey: 'console.builder.param.op', options: STATE_OPS, default: 'GT' },
      { kind: 'int', labelKey: 'console.builder.param.val', min: 1, default: 1 },
    ],
    input: 'number',
    perRow: true,
  },
  { name: 'csum', params: [], input: 'number', perRow: true },
  { name: 'diff', params: [], input: 'number', perRow: true },
];

export function functionSpec(name: string): FunctionSpec | undefined {
  return BUILDER_FUNCTIONS.find((f) => f.name === name);
}

/** A parameter value as the form holds it: a number, a list of numbers, or a word. */
export type ParamValue = number | number[] | string;

export function defaultParams(spec: FunctionSpec): ParamValue[] {
  return spec.params.map((p) => (p.kind === 'intList' ? [p.default] : p.default));
}

function inBounds(n: unknown, p: { min: number; max?: number }): boolean {
  return typeof n === 'number' && Number.isInteger(n) && n >= p.min && (p.max === undefined || n <= p.max);
}

/** One problem per bad parameter (index and message key), or none. */
export function validateCall(name: string, params: readonly ParamValue[]): Array<{ index: number; key: 'console.builder.paramRange' | 'console.builder.paramMin' | 'console.builder.paramChoice' }> {
  const spec = functionSpec(name);
  if (!spec) return [];
  const problems: Array<{ index: number; key: 'console.builder.paramRange' | 'console.builder.paramMin' | 'console.builder.paramChoice' }> = [];
  spec.params.forEach((p, index) => {
    const value = params[index];
    if (p.kind === 'choice') {
      if (typeof value !== 'string' || !p.options.includes(value)) problems.push({ index, key: 'console.builder.paramChoice' });
    } else if (p.kind === 'intList') {
      if (!Array.isArray(value) || value.length === 0 || !value.every((v) => inBounds(v, p))) problems.push({ index, key: 'console.builder.paramRange' });
    } else if (!inBounds(value, p)) {
      problems.push({ index, key: p.max === undefined ? 'console.builder.paramMin' : 'console.builder.paramRange' });
    }
  });
  return problems;
}
