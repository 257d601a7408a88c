/** The taosBenchmark meters demo (facts §5.1): 1 ms steps from 1500000000000, groupid 1..10, ten locations. */
export const START_TS = 1_500_000_000_000;

export const LOCATIONS = [
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

export const STABLE_SQL =
  'CREATE STABLE IF NOT EXISTS test.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (groupid INT, location BINARY(24))';

export interface MetersShape {
  tables: number;
  rowsPerTable: number;
}

export const tagsOf = (table: number): [number, string] => [(table % 10) + 1, LOCATIONS[table % 10]];

/** Deterministic pseudo-random measurements, the same for both measured paths. */
export function rowValues(table: number, row: number): [number, number, number] {
  const x = (table * 7919 + row * 104729) % 1000;
  return [10 + x / 100, 215 + (x % 10), 0.3 + (x % 7) / 100];
}

/** `CREATE TABLE` of child tables [from, to) in one multi-create statement, as taosBenchmark creates them first. */
export function createChildrenSql(from: number, to: number): string {
  const parts: string[] = [];
  for (let t = from; t < to; t++) {
    const [groupid, location] = tagsOf(t);
    parts.push(`test.d${t} USING test.meters TAGS (${groupid},'${location}')`);
  }
  return `CREATE TABLE ${parts.join(' ')}`;
}

/** One INSERT of every row of a child table. */
export function insertSql(table: number, rows: number): string {
  const parts: string[] = new Array(rows);
  for (let r = 0; r < rows; r++) {
    const [current, voltage, phase] = rowValues(table, r);
    parts[r] = `(${START_TS + r},${current},${voltage},${phase})`;
  }
  return `INSERT INTO test.d${table} VALUES ${parts.join('')}`;
}
