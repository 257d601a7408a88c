/**
 * The data set of the oracle folder's native ingest client (../shared/oracle/tdengine_ingest.c), so that the engine
 * and TDengine answer the comparison's queries over the very same rows: super table `meters (ts, current FLOAT,
 * voltage INT, phase FLOAT) TAGS (groupid INT, location VARCHAR(24))`, child tables d0…, rows 1 s apart from
 * 1700000000000, values from a splitmix64 hash of (table, row).
 */

export const ORACLE_T0 = 1_700_000_000_000;

// The C client's own list: not the engine demo's METERS_LOCATIONS (taosBenchmark's, which spells 'LosAngles' and
// picks by table % 10 where the client picks by table / 10).
const LOCATIONS = [
  'California.SanFrancisco',
  'California.LosAngeles',
  'California.SanDiego',
  'California.SanJose',
  'California.PaloAlto',
  'California.Campbell',
  'California.MountainView',
  'California.Sunnyvale',
  'California.SantaClara',
  'California.Cupertino',
];

const MASK = (1n << 64n) - 1n;

/** splitmix64's finaliser, as the C client computes it in 64-bit unsigned arithmetic. */
function mix(x: bigint): bigint {
  x = (x + 0x9e3779b97f4a7c15n) & MASK;
  x = ((x ^ (x >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  x = ((x ^ (x >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return x ^ (x >> 31n);
}

/** current and phase in hundredths, voltage in volts. */
export function rowValues(table: number, row: number): { currentCenti: number; volt: number; phaseCenti: number } {
  const h = mix((BigInt(table) << 32n) | BigInt(row >>> 0));
  return { currentCenti: 800 + Number(h % 700n), volt: 200 + Number((h >> 16n) % 41n), phaseCenti: Number((h >> 32n) % 100n) };
}

export const groupidOf = (table: number): number => (table % 10) + 1;
export const locationOf = (table: number): string => LOCATIONS[Math.floor(table / 10) % 10];

const centi = (value: number): string => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

export const oracleStableSql = (db: string): string =>
  `CREATE STABLE ${db}.meters (ts TIMESTAMP, current FLOAT, voltage INT, phase FLOAT) TAGS (groupid INT, location VARCHAR(24))`;

/** One CREATE TABLE of child tables [from, to). */
export function oracleChildrenSql(db: string, from: number, to: number): string {
  const parts: string[] = [];
  for (let t = from; t < to; t++) parts.push(`${db}.d${t} USING ${db}.meters TAGS (${groupidOf(t)}, '${locationOf(t)}')`);
  return `CREATE TABLE ${parts.join(' ')}`;
}

/** One INSERT of rows [from, from + n) of child table `table`, as the client's sql mode writes them. */
export function oracleInsertSql(db: string, table: number, from: number, n: number): string {
  const values: string[] = [];
  for (let r = from; r < from + n; r++) {
    const v = rowValues(table, r);
    values.push(`(${ORACLE_T0 + r * 1000},${centi(v.currentCenti)},${v.volt},${centi(v.phaseCenti)})`);
  }
  return `INSERT INTO ${db}.d${table} VALUES ${values.join(' ')}`;
}

/** Rows [from, from + n) of child table `table` as the client's sml mode writes them (ms precision). */
export function oracleLines(table: number, from: number, n: number): string {
  const lines: string[] = [];
  const tags = `meters,dev=d${table},groupid=${groupidOf(table)},location=${locationOf(table)}`;
  for (let r = from; r < from + n; r++) {
    const v = rowValues(table, r);
    lines.push(`${tags} current=${centi(v.currentCenti)}f32,voltage=${v.volt}i32,phase=${centi(v.phaseCenti)}f32 ${ORACLE_T0 + r * 1000}`);
  }
  return lines.join('\n');
}
