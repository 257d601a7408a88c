import { connectorDefinition, defaultValues, fromExpandOf, type ConnectorId, type TaskBody, type TaskValues, type TransformConfigInput } from '@tscloud/contracts';
import { envelopeData, type ConsoleProcess } from '../console-process';

/** The data-in task calls of the demo instance, as the demo account (docs/data-in.md §7). */
export interface DatainApi {
  /** Creates and starts a task; answers its id. */
  create(connector: ConnectorId, name: string, values: TaskValues, transform: TransformConfigInput): Promise<string>;
  start(id: string): Promise<void>;
  /** Stops a task and waits until its worker ended. */
  stop(id: string): Promise<void>;
  metrics(id: string): Promise<{ rows_read: number; rows_written: number; rows_failed: number; last_error: string | null }>;
  status(id: string): Promise<{ status: string; status_reason: string | null }>;
  sql(statement: string): Promise<unknown[][]>;
}

export async function datainApi(app: ConsoleProcess): Promise<DatainApi> {
  const headers = { ...app.signedIn, 'account-id': app.orgId };
  let instance: { id: string; region_id: string; cluster_status: string };
  // The demo instance's engine may still be starting.
  for (const deadline = Date.now() + 120_000; ; ) {
    [instance] = await envelopeData<Array<typeof instance>>(await fetch(`${app.base}/api/app/list`, { headers }));
    if (instance.cluster_status === 'Running') break;
    if (Date.now() > deadline) throw new Error(`the demo instance is ${instance.cluster_status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const base = `${app.base}/api/region/${instance.region_id}/replication/${instance.id}`;
  const call = async <T>(method: string, path: string, body?: unknown) =>
    envelopeData<T>(
      // A call without a body must not say it sends JSON (the server would refuse the empty form).
      await fetch(`${base}${path}`, body === undefined ? { method, headers } : { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    );
  return {
    async create(connector, name, values, transform) {
      const definition = connectorDefinition(connector)!;
      const body: TaskBody = { connector, name, target_db: 'datain', from_expand: fromExpandOf(definition, { ...defaultValues(definition), ...values }), transform };
      return (await call<{ id: string }>('POST', '/task/create-data-source', body)).id;
    },
    async start(id) {
      await call('PUT', `/tasks/${id}/start`);
    },
    async stop(id) {
      await call('PUT', `/tasks/${id}/stop`);
      for (let status = ''; status !== 'stopped'; await new Promise((resolve) => setTimeout(resolve, 100))) {
        status = (await call<{ status: string }>('GET', `/task/details?id=${id}&lang=en`)).status;
      }
    },
    metrics: (id) => call('GET', `/tasks/${id}/metrics`),
    status: (id) => call('GET', `/task/details?id=${id}&lang=en`),
    async sql(statement) {
      const res = await fetch(`${app.gateway}/rest/sql?token=${app.instanceToken}`, { method: 'POST', body: statement });
      const answer = (await res.json()) as { code: number; desc?: string; data?: unknown[][] };
      if (answer.code !== 0) throw new Error(`${statement}: ${answer.desc}`);
      return answer.data ?? [];
    },
  };
}

export interface Landed {
  /** From `since` until every row was written (or, with `stallMs`, until rows stopped coming). */
  seconds: number;
  /** Rows the task wrote in all (fewer than asked when it stalled). */
  written: number;
  /** Rows a second from the first rows written to the last (the task's start-up left out). */
  sustained: number;
}

/**
 * Waits until the task wrote `rows` rows in all, `already` of them before (its counters, polled every 250 ms: the
 * polling itself costs the server). With `stallMs`, no new rows for that long ends the wait with what was written.
 */
export async function waitWritten(api: DatainApi, id: string, rows: number, since: number, timeoutMs: number, already = 0, stallMs?: number): Promise<Landed> {
  let first: { at: number; rows: number } | null = null;
  // A stall is told as it happens (the counters and the status), not only at the deadline.
  let moved = { at: Date.now(), rows: -1 };
  for (const deadline = Date.now() + timeoutMs; ; ) {
    const metrics = await api.metrics(id);
    const now = performance.now();
    if (metrics.rows_written !== moved.rows) moved = { at: Date.now(), rows: metrics.rows_written };
    else if (stallMs !== undefined && first && Date.now() - moved.at > stallMs) {
      return { seconds: (moved.at - (Date.now() - (now - since))) / 1000, written: metrics.rows_written, sustained: (metrics.rows_written - first.rows) / ((now - first.at) / 1000) };
    } else if (Date.now() - moved.at > 30_000) {
      const { status, status_reason } = await api.status(id);
      console.log(`datain: no rows for 30 s at ${metrics.rows_written} of ${rows} (read ${metrics.rows_read}, failed ${metrics.rows_failed}, last error ${metrics.last_error}; ${status} ${status_reason ?? ''})`);
      moved.at = Date.now();
    }
    if (metrics.rows_written > already && first === null) first = { at: now, rows: metrics.rows_written };
    if (metrics.rows_written >= rows) {
      const sustained = first && now > first.at ? (rows - first.rows) / ((now - first.at) / 1000) : (rows - already) / ((now - since) / 1000);
      return { seconds: (now - since) / 1000, written: metrics.rows_written, sustained };
    }
    if (metrics.rows_failed > 0) throw new Error(`rows failed: ${metrics.rows_failed}, ${metrics.last_error}`);
    const { status, status_reason } = await api.status(id);
    if (status === 'failed') throw new Error(`task failed: ${status_reason}`);
    if (Date.now() > deadline) throw new Error(`only ${metrics.rows_written} of ${rows} rows written in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
