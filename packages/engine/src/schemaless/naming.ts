import crypto from 'node:crypto';

/**
 * TDengine's child table name for a tag set (buildChildTableName in TDengine's source): MD5 over the super table
 * name followed by `,key=value` for each tag, tags sorted by key (case-insensitive, then shorter first), printed as
 * `t_` + 32 lower-case hex digits.
 */
export function childTableName(stable: string, tags: [string, string][]): string {
  const sorted = [...tags].sort(([a], [b]) => {
    const n = Math.min(a.length, b.length);
    const x = a.slice(0, n).toLowerCase();
    const y = b.slice(0, n).toLowerCase();
    if (x !== y) return x < y ? -1 : 1;
    return a.length - b.length;
  });
  const md5 = crypto.createHash('md5').update(stable);
  for (const [k, v] of sorted) md5.update(`,${k}=${v}`);
  return `t_${md5.digest('hex')}`;
}

/** TDengine's smlDot2Underline (on by default in 3.x): dots in super table names become underscores. */
export function stableName(measurement: string): string {
  return measurement.replaceAll('.', '_');
}
