import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { ApiCode, type DemoJob } from '@tscloud/contracts';
import { metersChildrenSql, metersStableSql, metersValuesSql } from 'tscloud-engine';
import type { AppDeps } from '../../deps';
import { explorerDemoJobs, type ExplorerDemoJobRow } from '../../store/schema';
import type { EngineTarget } from '../engine-client/rest-call';
import { engineRestCall } from '../engine-client/rest-call';
import { ApiError } from '../../http/api-error';
import { quoteText } from '@tscloud/contracts/sql';

/**
 * The meters demo database of taosBenchmark (data-explorer.md §9; docs/explorer-server.md "Demo data"): the data
 * set of tscloud-engine's demo/meters (the one the engine benchmarks write), with rows one second apart. Written as
 * the member's engine user through the engine's REST SQL, in multi-table INSERTs of about ROWS_PER_STATEMENT rows;
 * progress is stored after each statement.
 */

export const DEMO_STEP_MS = 1_000;
const ROWS_PER_STATEMENT = 20_000;
const TABLES_PER_CREATE = 500;
const STATEMENT_TIMEOUT_MS = 300_000;
/** A running job whose progress has not moved for this long belonged to a server that stopped. */
const STALE_MS = 120_000;

/** Jobs running in this process (the others' rows are judged by their last progress time). */
const running = new Set<string>();

export function demoJobView(row: ExplorerDemoJobRow): DemoJob {
  const total = row.tables * row.rowsPerTable;
  return {
    id: row.id,
    app_id: row.instanceId,
    db_name: row.dbName,
    tables: row.tables,
    rows_per_table: row.rowsPerTable,
    total_rows: total,
    rows_written: row.rowsWritten,
    percent: row.status === 'done' ? 100 : Math.min(99, Math.floor((row.rowsWritten / total) * 100)),
    status: row.status,
    error: row.error,
    started_at: row.startedAt,
    finished_at: row.finishedAt,
  };
}

/** Whether the database exists for the member's engine user (the load then creates only the super table in it). */
export async function databaseExists(target: EngineTarget, db: string): Promise<boolean> {
  const answer = await engineRestCall(target, `SELECT name FROM information_schema.ins_databases WHERE name = ${quoteText(db)}`, { timeoutMs: STATEMENT_TIMEOUT_MS });
  if (answer.code !== 0) throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.sqlServiceUnavailable');
  return (answer.data ?? []).length > 0;
}

/** The statements of a load, in order; each yields the rows it writes (0 for DDL). */
export function* demoStatements(db: string, tables: number, rowsPerTable: number, createDatabase = true): Generator<{ sql: string; rows: number }> {
  if (createDatabase) yield { sql: `CREATE DATABASE IF NOT EXISTS ${db}`, rows: 0 };
  yield { sql: metersStableSql(db), rows: 0 };
  for (let start = 0; start < tables; start += TABLES_PER_CREATE) {
    yield { sql: metersChildrenSql(db, start, Math.min(tables, start + TABLES_PER_CREATE)), rows: 0 };
  }
  let parts: string[] = [];
  let rows = 0;
  for (let t = 0; t < tables; t++) {
    for (let from = 0; from < rowsPerTable; ) {
      const count = Math.min(rowsPerTable - from, ROWS_PER_STATEMENT - rows);
      parts.push(`${db}.d${t} VALUES ${metersValuesSql(t, from, from + count, DEMO_STEP_MS)}`);
      rows += count;
      from += count;
      if (rows >= ROWS_PER_STATEMENT) {
        yield { sql: `INSERT INTO ${parts.join(' ')}`, rows };
        parts = [];
        rows = 0;
      }
    }
  }
  if (rows > 0) yield { sql: `INSERT INTO ${parts.join(' ')}`, rows };
}

/** Records a new job and runs it in the background; the answer is the job as it starts. */
export async function startDemoJob(
  deps: AppDeps,
  target: EngineTarget,
  job: { orgId: string; instanceId: string; memberId: string; dbName: string; tables: number; rowsPerTable: number; createDatabase: boolean },
): Promise<DemoJob> {
  const now = deps.clock.now();
  const { createDatabase, ...stored } = job;
  const [row] = await deps.store.db
    .insert(explorerDemoJobs)
    .values({ id: randomUUID(), ...stored, rowsWritten: 0, status: 'running', startedAt: now, updatedAt: now })
    .returning();
  running.add(row.id);
  void runDemoJob(deps, target, row, createDatabase).finally(() => running.delete(row.id));
  return demoJobView(row);
}

async function runDemoJob(deps: AppDeps, target: EngineTarget, job: ExplorerDemoJobRow, createDatabase: boolean): Promise<void> {
  const { db } = deps.store;
  let written = 0;
  const finish = (status: 'done' | 'failed', error: string | null) =>
    db
      .update(explorerDemoJobs)
      .set({ status, error, rowsWritten: written, finishedAt: deps.clock.now(), updatedAt: deps.clock.now() })
      .where(eq(explorerDemoJobs.id, job.id));
  try {
    // The engine is another process: the next statement is built while it writes the current one.
    const statements = demoStatements(job.dbName, job.tables, job.rowsPerTable, createDatabase);
    let current = statements.next();
    while (!current.done) {
      const statement = current.value;
      const pending = engineRestCall(target, statement.sql, { timeoutMs: STATEMENT_TIMEOUT_MS });
      current = statements.next();
      const answer = await pending;
      if (answer.code !== 0) {
        await finish('failed', answer.desc ?? `engine error ${answer.code}`);
        return;
      }
      if (statement.rows > 0) {
        written += statement.rows;
        await db.update(explorerDemoJobs).set({ rowsWritten: written, updatedAt: deps.clock.now() }).where(eq(explorerDemoJobs.id, job.id));
      }
    }
    await finish('done', null);
  } catch (error) {
    await finish('failed', error instanceof Error ? error.message : String(error)).catch(() => undefined);
  }
}

/** The instance's jobs, newest first; a running job of a stopped server shows as failed. */
export async function demoJobsOf(deps: AppDeps, orgId: string, instanceId: string, jobId?: string): Promise<DemoJob[]> {
  const { db } = deps.store;
  const where = and(eq(explorerDemoJobs.orgId, orgId), eq(explorerDemoJobs.instanceId, instanceId), ...(jobId ? [eq(explorerDemoJobs.id, jobId)] : []));
  const rows = await db.select().from(explorerDemoJobs).where(where).orderBy(desc(explorerDemoJobs.startedAt));
  const now = deps.clock.now();
  return rows.map((row) => {
    if (row.status === 'running' && !running.has(row.id) && now - row.updatedAt > STALE_MS) {
      return demoJobView({ ...row, status: 'failed', error: 'interrupted: the server stopped during the load' });
    }
    return demoJobView(row);
  });
}

/** Whether a job of this instance is running now. */
export async function hasRunningDemoJob(deps: AppDeps, orgId: string, instanceId: string): Promise<boolean> {
  return (await demoJobsOf(deps, orgId, instanceId)).some((j) => j.status === 'running');
}
