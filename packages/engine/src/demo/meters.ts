import { quoteText } from '@tscloud/contracts/sql';
/**
 * taosBenchmark's meters data set (reference facts §5.1): super table
 * `meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (groupid INT, location BINARY(24))`, child
 * tables d0 … d{n-1} with groupid (t % 10) + 1 and one of ten California locations, rows from 1500000000000, and
 * measurements that depend only on (table, row), so every load is the same (current 8–12, voltage 198–235,
 * phase 0–1). The console's demo database loader and the engine benchmarks both write it.
 */

export const METERS_START_TS = 1_500_000_000_000;

export const METERS_LOCATIONS = [
  'California.SanFrancisco',
  'California.LosAngles',
  'California.SanDiego',
  'California.SanJose',
  'California.PaloAlto',
  'California.Campbell',
  'California.MountainView',
  'California.Sunnyvale',
  'California.SantaClara',
  'California.Cupertino',
];

/** groupid and location of child table d{table}. */
export const metersTags = (table: number): [number, string] => [(table % 10) + 1, METERS_LOCATIONS[table % 10]];

/** A number in [0, 1) from (table, row, k): mulberry32's mixing of one seed. */
function unit(table: number, row: number, k: number): number {
  let t = (Math.imul(table + 1, 0x9e3779b1) ^ Math.imul(row + 1, 0x85ebca6b) ^ Math.imul(k + 1, 0xc2b2ae35)) >>> 0;
  t = (t + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** current (2 decimals, 8–12), voltage (198–235) and phase (3 decimals, 0–1) of one row of d{table}. */
export function meterValues(table: number, row: number): [number, number, number] {
  return [
    Math.round((8 + unit(table, row, 0) * 4) * 100) / 100,
    198 + Math.floor(unit(table, row, 1) * 38),
    Math.round(unit(table, row, 2) * 1000) / 1000,
  ];
}

export const metersStableSql = (db: string): string =>
  `CREATE STABLE IF NOT EXISTS ${db}.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (groupid INT, location BINARY(24))`;

/** One multi-table `CREATE TABLE` of child tables [from, to), as taosBenchmark creates them before writing. */
export function metersChildrenSql(db: string, from: number, to: number): string {
  const parts: string[] = [];
  for (let t = from; t < to; t++) {
    const [groupid, location] = metersTags(t);
    parts.push(`${db}.d${t} USING ${db}.meters TAGS (${groupid}, ${quoteText(location)})`);
  }
  return `CREATE TABLE IF NOT EXISTS ${parts.join(' ')}`;
}

/** The `VALUES` list of rows [from, to) of d{table}, `stepMs` apart from METERS_START_TS. */
export function metersValuesSql(table: number, from: number, to: number, stepMs: number): string {
  const parts: string[] = new Array(to - from);
  for (let r = from; r < to; r++) {
    const [current, voltage, phase] = meterValues(table, r);
    parts[r - from] = `(${METERS_START_TS + r * stepMs},${current},${voltage},${phase})`;
  }
  return parts.join('');
}
