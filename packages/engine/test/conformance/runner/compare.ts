/**
 * The comparison of an engine answer with a golden answer, exactly as the corpus README's "Comparing" section says.
 * Returns undefined when they match, otherwise what differs first.
 */
import type { CompareMode } from './case-file';
import type { ExactJson } from './exact-json';
import { exactJsonText } from './exact-json';
import type { RestAnswer, RestSuccess } from './golden';
import { isError } from './golden';

export type DifferenceKind =
  | 'http-status'
  | 'internal-error-leak'
  | 'error-code'
  | 'accepted-but-should-fail'
  | 'refused-but-valid'
  | 'column-meta'
  | 'row-count'
  | 'values';

export interface Difference {
  kind: DifferenceKind;
  /** short and free of statement-specific text, so that like differences group together (`--kinds`, known list) */
  group: string;
  /** what was expected and what came */
  detail: string;
}

/**
 * An internal error reaching a client: code 65535 (the engine's "unknown"), or a DuckDB message (DuckDB names its
 * error classes "Binder Error", "Conversion Error", …; TDengine never says "… Error:").
 */
export function isInternalLeak(code: number, desc: string): boolean {
  return code === 0xffff || /\b(Binder|Catalog|Conversion|Parser|Invalid Input|Out of Range|Constraint|Not implemented|Internal|INTERNAL|Dependency|Serialization|Type Mismatch|Invalid Type|Permission|Sequence|Syntax|Transaction|Interrupt|Fatal|Math|Invalid Configuration|IO) Error\b/.test(desc);
}

export function compareAnswer(mode: CompareMode, expected: RestAnswer, got: RestAnswer): Difference | undefined {
  if (mode === 'ignore') return undefined;
  const want = expected.response;
  const have = got.response;
  // a leak is its own kind only where the answer differs: the README compares an error by its code alone
  const leaked = isError(have) && isInternalLeak(have.code, have.desc);
  if (leaked && (expected.status !== got.status || want.code !== have.code)) {
    return { kind: 'internal-error-leak', group: `${have.code} ${messageShape(have.desc)}`, detail: `expected ${codeText(want.code)}, got ${have.code} "${have.desc}"` };
  }
  if (expected.status !== got.status) {
    return { kind: 'http-status', group: `${expected.status} vs ${got.status}`, detail: `expected HTTP ${expected.status}, got ${got.status}` };
  }
  if (want.code !== have.code) {
    if (isError(want) && isError(have)) {
      return { kind: 'error-code', group: `expected ${want.code}, got ${have.code}`, detail: `expected ${want.code} "${want.desc}", got ${have.code} "${have.desc}"` };
    }
    if (isError(want)) return { kind: 'accepted-but-should-fail', group: `expected ${want.code}`, detail: `expected ${want.code} "${want.desc}", got success` };
    const desc = (have as { desc: string }).desc;
    return { kind: 'refused-but-valid', group: `got ${have.code} ${messageShape(desc)}`, detail: `expected success, got ${have.code} "${desc}"` };
  }
  if (isError(want) || mode === 'error') return undefined;
  return compareSuccess(mode, want, have as RestSuccess);
}

function codeText(code: number): string {
  return code === 0 ? 'success' : String(code);
}

/** An error message without its quoted or numeric particulars (names, values), cut short: differences group by it. */
function messageShape(desc: string): string {
  return desc
    .replace(/(["'`]).*?\1/g, '…')
    .replace(/\d+/g, 'N')
    .slice(0, 60);
}

/** A result column's name reduced to what it computes: `to_char(…)`, `case …`, or the plain name. */
function nameShape(name: string): string {
  const call = /^([A-Za-z_]\w*)\s*\(/.exec(name);
  if (call) return `${call[1].toLowerCase()}(…)`;
  if (/^case\b/i.test(name)) return 'case …';
  return name.length > 30 ? `${name.slice(0, 30)}…` : name;
}

/** The first column whose meta differs, as `name: TYPE(len) vs TYPE(len)`, or the column counts. */
function metaGroup(want: RestSuccess['column_meta'], have: RestSuccess['column_meta']): string {
  if (want.length !== have.length) return `${want.length} columns vs ${have.length}`;
  const i = want.findIndex((c, k) => JSON.stringify(c) !== JSON.stringify(have[k]));
  const [wantName, wantType, wantLength] = want[i];
  const [haveName, haveType, haveLength] = have[i];
  const names = wantName === haveName ? nameShape(wantName) : `${nameShape(wantName)} named ${nameShape(haveName)}`;
  return `${names}: ${wantType}(${wantLength}) vs ${haveType}(${haveLength})`;
}

function compareSuccess(mode: CompareMode, want: RestSuccess, have: RestSuccess): Difference | undefined {
  const wantMeta = JSON.stringify(want.column_meta);
  const haveMeta = JSON.stringify(have.column_meta);
  if (wantMeta !== haveMeta) return { kind: 'column-meta', group: metaGroup(want.column_meta, have.column_meta), detail: `expected ${wantMeta}, got ${haveMeta}` };
  if (mode === 'meta-only') return undefined;

  const wantRows = want.data ?? [];
  const haveRows = have.data ?? [];
  if (want.rows !== have.rows || wantRows.length !== haveRows.length) {
    const more = (have.rows ?? 0) > (want.rows ?? 0) ? 'more' : 'fewer';
    return { kind: 'row-count', group: `${more} rows`, detail: `expected ${want.rows} rows, got ${have.rows} (data ${haveRows.length})` };
  }
  if (mode === 'skip-values') return undefined;

  const types = want.column_meta.map(([, type]) => type);
  const sameRows = sameAsMultiset(types, wantRows, haveRows);
  if (mode === 'ordered') {
    const at = wantRows.findIndex((row, i) => !sameRow(types, row, haveRows[i]));
    if (at < 0) return undefined;
    const group = sameRows ? 'same rows in another order' : `column ${differingColumn(want, wantRows[at], haveRows[at])}`;
    return { kind: 'values', group, detail: `first at row ${at}: expected ${jsonText(wantRows[at])}, got ${jsonText(haveRows[at])}` };
  }
  if (sameRows) return undefined;
  const { missing, extra } = unmatchedRows(types, wantRows, haveRows);
  const group = `column ${differingColumn(want, missing[0], extra[0] ?? [])}`;
  return { kind: 'values', group, detail: `rows expected but not got ${rowsText(missing)}; rows got but not expected ${rowsText(extra)}` };
}

/** The name (shape) of the first column where two rows differ. */
function differingColumn(want: RestSuccess, wantRow: ExactJson[], haveRow: ExactJson[]): string {
  const i = want.column_meta.findIndex(([, type], k) => !sameValue(type, wantRow[k], haveRow?.[k] ?? null));
  return i < 0 ? '?' : nameShape(want.column_meta[i][0]);
}

const MAX_ROWS_SHOWN = 8;

export function rowsText(rows: ExactJson[][]): string {
  const shown = rows.slice(0, MAX_ROWS_SHOWN).map((r) => jsonText(r));
  const more = rows.length > MAX_ROWS_SHOWN ? `, … ${rows.length - MAX_ROWS_SHOWN} more` : '';
  return `[${shown.join(', ')}${more}]`;
}

/** JSON text of a value with bigints written as their digits. */
export function jsonText(value: unknown): string {
  return exactJsonText(value as ExactJson);
}

/** Both sides sorted by a canonical key (floating values rounded to 4 digits), then a greedy match if that fails. */
function sameAsMultiset(types: string[], want: ExactJson[][], have: ExactJson[][]): boolean {
  const keyed = (rows: ExactJson[][]) => rows.map((row) => ({ row, key: rowKey(types, row) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const wantSorted = keyed(want);
  const haveSorted = keyed(have);
  if (wantSorted.every((w, i) => sameRow(types, w.row, haveSorted[i].row))) return true;
  return unmatchedRows(types, want, have).missing.length === 0;
}

/** The greedy match: each expected row takes the first equal row not yet taken. */
function unmatchedRows(types: string[], want: ExactJson[][], have: ExactJson[][]): { missing: ExactJson[][]; extra: ExactJson[][] } {
  const extra = have.slice();
  const missing: ExactJson[][] = [];
  for (const row of want) {
    const at = extra.findIndex((candidate) => sameRow(types, row, candidate));
    if (at < 0) missing.push(row);
    else extra.splice(at, 1);
  }
  return { missing, extra };
}

function isFloating(type: string): boolean {
  return type === 'DOUBLE' || type === 'FLOAT';
}

function rowKey(types: string[], row: ExactJson[]): string {
  return jsonText(row.map((v, i) => (isFloating(types[i]) && typeof v === 'number' ? Number(v.toPrecision(4)) : v)));
}

function sameRow(types: string[], want: ExactJson[], have: ExactJson[]): boolean {
  if (!Array.isArray(have) || want.length !== have.length) return false;
  return want.every((v, i) => sameValue(types[i], v, have[i]));
}

const RELATIVE_TOLERANCE: Record<string, number> = { DOUBLE: 1e-6, FLOAT: 1e-5 };
const ABSOLUTE_TOLERANCE = 1e-12;

export function sameValue(type: string, want: ExactJson, have: ExactJson): boolean {
  if (isFloating(type) && typeof want === 'number' && typeof have === 'number') {
    if (want === have) return true;
    const diff = Math.abs(want - have);
    return diff < ABSOLUTE_TOLERANCE || diff <= RELATIVE_TOLERANCE[type] * Math.max(Math.abs(want), Math.abs(have));
  }
  return deepEqual(want, have);
}

/** JSON deep equality where an integer and the same integer as a bigint are equal. */
function deepEqual(a: ExactJson, b: ExactJson): boolean {
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) {
    if (typeof a === typeof b) return a === b;
    const int = typeof a === 'bigint' ? b : a;
    return Number.isInteger(int) && BigInt(a as number | bigint) === BigInt(b as number | bigint);
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  }
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]));
}
