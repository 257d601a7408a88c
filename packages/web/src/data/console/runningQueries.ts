import { useQuery } from '@tanstack/react-query';
import type { InstanceRef } from '../instances/control';
import { sqlCall } from '../sql/run';
import { consoleKeys } from './keys';

/**
 * The queries running on the instance that the member may see (SHOW QUERIES, performance_schema.perf_queries): the
 * engine shows a user only their own queries, a superuser everyone's. Cells are read by column name.
 */
export interface RunningQuery {
  /** What KILL QUERY takes (`<conn_id>:<query_id>`). */
  killId: string;
  user: string;
  sql: string;
  /** When it started, epoch ms or the engine's text. */
  createTime: string | number;
  /** How long it has run, µs. */
  execUsec: number;
}

/** How often the open panel reads the list again. */
export const RUNNING_QUERIES_REFRESH_MS = 2000;

export async function fetchRunningQueries(instance: InstanceRef): Promise<RunningQuery[]> {
  const result = await sqlCall(instance, 'SHOW QUERIES');
  const at = (name: string) => result.column_meta.findIndex((c) => c[0] === name);
  const [kill, user, sql, created, exec] = ['kill_id', 'user', 'sql', 'create_time', 'exec_usec'].map(at);
  return result.data.map((row) => ({
    killId: String(row[kill]),
    user: String(row[user] ?? ''),
    sql: String(row[sql] ?? ''),
    createTime: typeof row[created] === 'bigint' ? Number(row[created]) : (row[created] as string | number),
    execUsec: Number(row[exec] ?? 0),
  }));
}

/** Polled every RUNNING_QUERIES_REFRESH_MS while `open` (the panel is shown), not otherwise. */
export function useRunningQueries(instance: InstanceRef, open: boolean) {
  return useQuery({
    queryKey: consoleKeys.runningQueries(instance.id),
    queryFn: () => fetchRunningQueries(instance),
    enabled: open,
    refetchInterval: open ? RUNNING_QUERIES_REFRESH_MS : false,
  });
}
