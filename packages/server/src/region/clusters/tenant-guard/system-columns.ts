import type { SystemDb } from 'tscloud-engine';
import type { SystemColumns } from './tenant-guard';

/**
 * A cluster's system-table columns read from its own DESCRIBE (the first column of each row is the field name) and
 * kept for the life of the object: they change only with the cluster's version, and one cache serves every
 * namespace on the cluster. `run` answers a statement's rows as the cluster's superuser.
 */
export function describedSystemColumns(run: (sql: string) => Promise<unknown[][]>): SystemColumns {
  const known = new Map<string, Promise<readonly string[] | null>>();
  return {
    columnsOf(db: SystemDb, table: string) {
      const key = `${db}.${table}`;
      let columns = known.get(key);
      if (!columns) {
        columns = run(`DESCRIBE ${key}`).then(
          (rows) => (rows.length > 0 ? rows.map((row) => String(row[0])) : null),
          () => {
            // Not kept: a cluster that did not answer may answer next time.
            known.delete(key);
            return null;
          },
        );
        known.set(key, columns);
      }
      return columns;
    },
  };
}
