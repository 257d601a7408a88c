import { TID_COLUMN, quoteIdent } from '../../names';

/**
 * What a bucket row keeps of one data column, by its DuckDB type: integers an exact HUGEINT sum; FLOAT and DOUBLE a
 * DOUBLE sum with what tells whether that sum is exact (below); any other type only its counts.
 */
export type BucketKind = 'int' | 'float' | 'double' | 'other';

export interface BucketColumn {
  /** physical column name */
  name: string;
  kind: BucketKind;
}

/** A physical data table (`stb_S_data` or `ntb_T_data`) and its columns, as the query layer names them. */
export interface BucketSource {
  db: string;
  /** physical table name, unqualified */
  table: string;
  tsColumn: string;
  /** data columns after the timestamp */
  columns: BucketColumn[];
  /** bucket length in the database precision (bucket-math.ts bucketLength) */
  bucket: bigint;
}

/** The column of a bucket row holding its bucket's start (the rows' own columns keep their names). */
export const BUCKET_COLUMN = '__bucket';

/**
 * Mantissa bits (plus one for a rounding of log2 near a power of two) below a value's leading bit: a FLOAT's lowest
 * set bit is at most 24 places below floor(log2 |x|), a DOUBLE's 53.
 */
const MANTISSA = { float: 24, double: 53 } as const;

/**
 * The fields of one column's struct in a bucket row (every kind): `r` rows of the bucket, `n` non-NULL values;
 * numbers add `s` (sum), `mn`, `mx`; FLOAT and DOUBLE add `sa` (sum of |x|) and `l` (a lower bound of the exponent
 * of the lowest set bit of any non-zero value; very low for NaN and infinities). A sum of such values in any order
 * is exact when sa < 2^(53 + l): every partial sum is then a multiple of 2^l below 2^(53 + l). The planner uses the
 * DOUBLE sums only then (query/shortcuts/bucket-aggregates.ts), so they equal the scan's to the bit.
 */
export function columnStructSql(c: BucketColumn, x: string): string {
  const fields = [`r := count(*)`, `n := count(${x})`];
  if (c.kind === 'int') fields.push(`s := sum(CAST(${x} AS HUGEINT))`, `mn := min(${x})`, `mx := max(${x})`);
  if (c.kind === 'float' || c.kind === 'double') {
    const d = `CAST(${x} AS DOUBLE)`;
    const low = `CASE WHEN ${d} = 0 THEN NULL WHEN NOT isfinite(${d}) THEN -100000 WHEN ${d} = trunc(${d}) THEN 0 ELSE CAST(floor(log2(abs(${d}))) AS INTEGER) - ${MANTISSA[c.kind]} END`;
    fields.push(`s := sum(${d})`, `sa := sum(abs(${d}))`, `l := min(${low})`, `mn := min(${x})`, `mx := max(${x})`);
  }
  return `struct_pack(${fields.join(', ')})`;
}

/**
 * Bucket rows of `data` (a data table or a table with its columns): per table id and bucket, `__bucket` (its start),
 * the timestamp column holding the bucket's oldest row (so a window and a WHERE on time see a row of the bucket),
 * and one struct a data column (columnStructSql) under the column's own name. `where` restricts the rows read.
 */
export function bucketRowsSql(data: string, source: BucketSource, where?: string): string {
  const tid = quoteIdent(TID_COLUMN);
  const ts = `d.${quoteIdent(source.tsColumn)}`;
  const b = source.bucket;
  const start = `(${ts} - (((${ts} % ${b}) + ${b}) % ${b}))`;
  const cols = source.columns.map((c) => `${columnStructSql(c, `d.${quoteIdent(c.name)}`)} AS ${quoteIdent(c.name)}`);
  const list = [`d.${tid} AS ${tid}`, `${start} AS ${quoteIdent(BUCKET_COLUMN)}`, `min(${ts}) AS ${quoteIdent(source.tsColumn)}`, ...cols];
  return `SELECT ${list.join(', ')} FROM ${data} d${where ? ` WHERE ${where}` : ''} GROUP BY 1, 2`;
}
