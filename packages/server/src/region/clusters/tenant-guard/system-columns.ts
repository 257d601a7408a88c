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
        // Only a table described is kept: a cluster that did not answer, or a user who may not see the table (a
        // SYSINFO 0 member describing a node table), may be answered next time.
        const forget = () => {
          known.delete(key);
          return null;
        };
        columns = run(`DESCRIBE ${key}`).then((rows) => (rows.length > 0 ? rows.map((row) => String(row[0])) : forget()), forget);
        known.set(key, columns);
      }
      return columns;
    },
  };
}

/** One cache a cluster (by its URL): every instance on it reads the same system tables. */
const clusters = new Map<string, SystemColumns>();

/**
 * The system-table columns of the cluster at `target.url`, described through `answer` (the caller's REST call,
 * unguarded) the first time each table is asked for. A memo of what the cluster is, not state of the server.
 */
export function clusterSystemColumns(target: { url: string }, answer: (sql: string) => Promise<{ code: number; data?: unknown[][] }>): SystemColumns {
  let columns = clusters.get(target.url);
  if (!columns) {
    columns = describedSystemColumns(async (sql) => {
      const result = await answer(sql);
      if (result.code !== 0) throw new Error(`DESCRIBE refused: ${result.code}`);
      return result.data ?? [];
    });
    clusters.set(target.url, columns);
  }
  return columns;
}
