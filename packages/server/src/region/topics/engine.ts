import type { FastifyRequest } from 'fastify';
import { ApiCode, TOPIC_NAME_PATTERN } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import type { InstanceRow } from '../../store/schema';
import type { EngineRestAnswer, EngineTarget } from '../engine-client/rest-call';
import { memberEngine } from '../explorer/member-engine';
import { engineConnectionOf } from '../instances/engine-endpoint';

export const TOPIC_SQL_TIMEOUT_MS = 30_000;

/** Engine codes (low 16 bits, as REST shows them; facts §4, docs/engine-tmq.md). */
export const EngineCode = {
  WAL_RETENTION_ZERO: 0x038c,
  TOPIC_EXISTS: 0x03e0,
  TOPIC_NOT_FOUND: 0x03e1,
} as const;

export const quoteText = (text: string) => `'${text.replace(/'/g, "''")}'`;
export const tick = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** The instance superuser (system tables of every user, GRANT SUBSCRIBE, change-log end offsets). */
export function superuserEngine(row: InstanceRow): EngineTarget {
  const connection = engineConnectionOf(row);
  if (!connection) throw new ApiError(ApiCode.CONFLICT, 'error.instanceAbnormal');
  return connection;
}

export { memberEngine };
export type { EngineTarget };

/** One statement over REST, optionally with a default database (`/rest/sql/{db}`); the raw answer. */
export async function engineSql(target: EngineTarget, sql: string, db?: string): Promise<EngineRestAnswer> {
  const endpoint = `${target.url.replace(/\/$/, '')}/rest/sql${db ? `/${encodeURIComponent(db)}` : ''}`;
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { authorization: target.authorization, 'content-type': 'text/plain' },
      body: sql,
      signal: AbortSignal.timeout(TOPIC_SQL_TIMEOUT_MS),
    });
    return (await res.json()) as EngineRestAnswer;
  } catch {
    throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.sqlServiceUnavailable');
  }
}

/** An engine refusal as the console shows it: the §8 messages where there is one, else the engine's text. */
export function refused(answer: { code: number; desc?: string }): ApiError {
  switch (answer.code) {
    case EngineCode.TOPIC_EXISTS:
      return ApiError.conflict('error.topicExists');
    case EngineCode.WAL_RETENTION_ZERO:
      return ApiError.badRequest('error.topicWalRetention');
    case EngineCode.TOPIC_NOT_FOUND:
      return ApiError.notFound('error.topicNotFound');
  }
  const desc = answer.desc ?? '';
  return new ApiError(ApiCode.BAD_REQUEST, 'error.sqlFailed', [desc], { code: answer.code, desc });
}

/** Rows of a statement that must succeed. */
export async function rowsOf(target: EngineTarget, sql: string, db?: string): Promise<unknown[][]> {
  const answer = await engineSql(target, sql, db);
  if (answer.code !== 0) throw refused(answer);
  return answer.data ?? [];
}

/** The path's topic name, checked against the name rule (else not found: no such topic can exist). */
export function topicParam(name: string): string {
  if (!TOPIC_NAME_PATTERN.test(name)) throw ApiError.notFound('error.topicNotFound');
  return name;
}

export type MemberEngine = (deps: AppDeps, request: FastifyRequest, row: InstanceRow) => Promise<EngineTarget>;

export const timeOf = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : ms;
};
