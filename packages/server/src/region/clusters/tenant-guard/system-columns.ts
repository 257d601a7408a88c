import type { SystemDb } from 'tscloud-engine';
import type { SystemColumns } from './tenant-guard';

/** Described system tables by `db.table`: their columns, or the description under way. */
type DescribedTables = Map<string, Promise<readonly string[] | null>>;

/**
 * A cluster's system-table columns read from its own DESCRIBE (the first column of each row is the field name),
 * kept in `known`: they change only with the cluster's version. `run` answers a statement's rows; it describes what
 * `known` lacks.
 */
export function describedSystemColumns(run: (sql: string) => Promise<unknown[][]>, known: DescribedTables = new Map()): SystemColumns {
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

/** What is known of each cluster's system tables (by its URL): every instance on it reads the same ones. */
const clusters = new Map<string, DescribedTables>();

/**
 * The system-table columns of the cluster at `target.url`: the ones described before on that cluster, else
 * described now through `answer` (this call's own REST call, unguarded). Only the results are shared: a description
 * always runs with the credentials of the call that needs it (an instance's users go when it is deleted). A memo of
 * what the cluster is, not state of the server.
 */
export function clusterSystemColumns(target: { url: string }, answer: (sql: string) => Promise<{ code: number; data?: unknown[][] }>): SystemColumns {
  let known = clusters.get(target.url);
  if (!known) clusters.set(target.url, (known = new Map()));
  return describedSystemColumns(async (sql) => {
    const result = await answer(sql);
    if (result.code !== 0) throw new Error(`DESCRIBE refused: ${result.code}`);
    return result.data ?? [];
  }, known);
}
