import { SQL_TIMEOUT_MS, type SqlResult } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';

/**
 * The explorer's reads and changes through the SQL call (POST /api/region/{r}/data/sql/{appId}, data-explorer.md
 * §7): the statement runs as the member's engine user. An engine error (`code` ≠ 0) becomes an Error carrying the
 * engine's desc, which the screens show where the action was taken (a form keeps what was typed).
 */
export class EngineError extends Error {
  constructor(readonly code: number, desc: string) {
    super(desc);
    this.name = 'EngineError';
  }
}

export const SERVICE_UNAVAILABLE = 'Service Unavailable, please try again later!';

/**
 * Where statements go: an instance of the organization, or a shared / platform database read with its access code
 * (`token`: POST /api/region/{r}/data/sql/token/{code}, read statements only).
 */
export type SqlTarget = InstanceRef & { token?: string };

function sqlPath(target: SqlTarget): string {
  const region = `/region/${encodeURIComponent(target.region_id)}/data/sql`;
  return target.token ? `${region}/token/${encodeURIComponent(target.token)}` : `${region}/${encodeURIComponent(target.id)}`;
}

export async function sqlCall(instance: SqlTarget, sql: string): Promise<SqlResult> {
  const result = await http.post<SqlResult>(sqlPath(instance), { sql }, { timeoutMs: SQL_TIMEOUT_MS, silent: true });
  if (result.code !== 0) throw new EngineError(result.code, result.desc || SERVICE_UNAVAILABLE);
  return result;
}

/** Rows as objects keyed by column name (bigints as numbers). */
export async function sqlObjects(instance: SqlTarget, sql: string): Promise<Record<string, unknown>[]> {
  const result = await sqlCall(instance, sql);
  const names = result.column_meta.map((c) => c[0]);
  return result.data.map((row) => Object.fromEntries(names.map((n, i) => [n, typeof row[i] === 'bigint' ? Number(row[i]) : row[i]])));
}

/** Statements run one after another; the first engine error stops the rest. */
export async function sqlSequence(instance: SqlTarget, statements: readonly string[]): Promise<void> {
  for (const sql of statements) await sqlCall(instance, sql);
}

/** The message of a failed explorer call: the engine's desc or the request layer's message. */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
