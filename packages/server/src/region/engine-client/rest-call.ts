import { parse } from 'lossless-json';
import { exactNumber } from '@tscloud/contracts/sql';
import { TdError, type Limits } from 'tscloud-engine';
import { clusterSystemColumns, guardStatement, stripAnswer, type GuardedStatement, type TenantNamespace } from '../clusters/tenant-guard';

/**
 * One statement over the engine's REST protocol (POST {url}/rest/sql, Basic credentials; tdengine-facts §1):
 * the raw answer, errors included, so each caller decides what an engine error means (the metrics client
 * throws, the explorer passes it through to the console).
 */
export interface EngineRestAnswer {
  code: number;
  desc?: string;
  column_meta?: Array<[string, string, number]>;
  /** Cells as the engine wrote them; an integer beyond 2^53 is a bigint (exactNumber), so no digit is lost. */
  data?: unknown[][];
  rows?: number;
  /** Nanoseconds the engine took, when asked with ?timing=true. */
  timing?: number;
}

export interface EngineTarget {
  /** The engine's base URL (no credentials in it). */
  url: string;
  authorization: string;
  /**
   * Set when the instance is a namespace on a shared TDengine cluster (docs/clusters.md): every statement passes the
   * tenant SQL guard on its way and its answer comes back in the instance's names.
   */
  tenant?: TenantNamespace;
  /**
   * Who describes the cluster's system tables for the tenant guard, when not the caller (a member's SYSINFO 0 user
   * may not describe them on TDengine): the namespace's administrator.
   */
  describeAuthorization?: string;
  /** The instance's plan limits, checked by the tenant guard on a shared cluster (TDengine has no quota of its own). */
  tenantLimits?: Limits;
  /**
   * Called (and awaited) after a tenant's CREATE or DROP DATABASE passed: the namespace's engine users are granted
   * database by database on a shared cluster, so they must follow (instance-users/reconcile.ts).
   */
  onDatabasesChanged?: () => unknown;
  /**
   * Told of each statement the cluster answered for a tenant: an insert's rows or one query (the instance's monitoring
   * counts them, as TDengine's tables keep no counts per namespace).
   */
  onStatement?: (statement: { rowsInserted: number; queries: number }) => void;
}

export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export interface EngineCallOptions {
  timeoutMs: number;
  /** ask for the engine's timing (`?timing=true`) */
  timing?: boolean;
  /** the statement's default database (`/rest/sql/{db}`) */
  db?: string;
  /** other query parameters of the REST call (`tz`, `row_with_meta`, `req_id`), passed as they are */
  params?: URLSearchParams;
}

export async function engineRestCall(target: EngineTarget, sql: string, options: EngineCallOptions): Promise<EngineRestAnswer> {
  if (!target.tenant) return restCall(target, sql, options);
  const { tenant } = target;
  let guarded: GuardedStatement;
  try {
    const answer = (statement: string) => restCall(target, statement, { timeoutMs: options.timeoutMs });
    const count = async (statement: string) => {
      const counted = await answer(statement);
      if (counted.code !== 0) throw new TdError(counted.code, counted.desc ?? 'the cluster refused a count');
      return Number(counted.data?.[0]?.[0] ?? 0);
    };
    guarded = await guardStatement(sql, options.db, {
      ns: tenant,
      systemColumns: clusterSystemColumns(target, (statement) =>
        restCall({ ...target, authorization: target.describeAuthorization ?? target.authorization }, statement, { timeoutMs: options.timeoutMs }),
      ),
      ...(target.tenantLimits ? { limits: { limits: target.tenantLimits, count } } : {}),
    });
  } catch (error) {
    // A refusal answers as the cluster would have: TDengine's code and message.
    if (error instanceof TdError) return { code: error.code, desc: tenant.stripText(error.message) };
    throw error;
  }
  const answer = await restCall(target, guarded.sql, { ...options, db: guarded.db });
  if (answer.code === 0 && guarded.changesDatabases) await target.onDatabasesChanged?.();
  if (answer.code === 0 && guarded.counted) {
    target.onStatement?.(guarded.counted === 'insert' ? { rowsInserted: Number(answer.data?.[0]?.[0] ?? 0), queries: 0 } : { rowsInserted: 0, queries: 1 });
  }
  return stripAnswer(answer, guarded, tenant);
}

async function restCall(target: EngineTarget, sql: string, options: EngineCallOptions): Promise<EngineRestAnswer> {
  const db = options.db ? `/${encodeURIComponent(options.db)}` : '';
  const search = new URLSearchParams(options.params);
  if (options.timing) search.set('timing', 'true');
  const query = search.toString();
  const endpoint = `${target.url.replace(/\/$/, '')}/rest/sql${db}${query ? `?${query}` : ''}`;
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: { authorization: target.authorization, 'content-type': 'text/plain' },
    body: sql,
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  // Not res.json(): JSON.parse would round BIGINT values beyond 2^53 (issue 13 item 1).
  return parse(await res.text(), null, exactNumber) as EngineRestAnswer;
}
