import { ApiCode, STREAM_NAME_PATTERN } from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';
import type { InstanceRow } from '../../store/schema';
import type { EngineRestAnswer, EngineTarget } from '../engine-client/rest-call';
import { runAsMember } from '../explorer/member-engine';
import { engineConnectionOf } from '../instances/engine-endpoint';

export const STREAM_SQL_TIMEOUT_MS = 30_000;

/** Engine codes (low 16 bits as REST shows them; docs/engine-streams.md). */
export const StreamEngineCode = {
  STREAM_EXISTS: 0x03f0,
  STREAM_NOT_FOUND: 0x03f1,
} as const;

export const quoteText = (text: string) => `'${text.replace(/'/g, "''")}'`;
export const tick = (name: string) => `\`${name.replace(/`/g, '``')}\``;

/** The instance superuser: stream names are global, so the uniqueness check looks at every stream. */
export function superuserEngine(row: InstanceRow): EngineTarget {
  const connection = engineConnectionOf(row);
  if (!connection) throw new ApiError(ApiCode.CONFLICT, 'error.instanceAbnormal');
  return connection;
}

export function streamSql(target: EngineTarget, sql: string): Promise<EngineRestAnswer> {
  return runAsMember(target, sql, { timeoutMs: STREAM_SQL_TIMEOUT_MS });
}

/** An engine refusal as the console shows it: the §8 messages where there is one, else the engine's text. */
export function refused(answer: { code: number; desc?: string }): ApiError {
  switch (answer.code) {
    case StreamEngineCode.STREAM_EXISTS:
      return ApiError.conflict('error.streamExists');
    case StreamEngineCode.STREAM_NOT_FOUND:
      return ApiError.notFound('error.streamNotFound');
  }
  const desc = answer.desc ?? '';
  return new ApiError(ApiCode.BAD_REQUEST, 'error.sqlFailed', [desc], { code: answer.code, desc });
}

/** Rows of a statement that must succeed. */
export async function rowsOf(target: EngineTarget, sql: string): Promise<unknown[][]> {
  const answer = await streamSql(target, sql);
  if (answer.code !== 0) throw refused(answer);
  return answer.data ?? [];
}

/** The path's stream name, checked against the name rule (else not found: no such stream can exist). */
export function streamParam(name: string): string {
  if (!STREAM_NAME_PATTERN.test(name)) throw ApiError.notFound('error.streamNotFound');
  return name;
}

export const timeOf = (value: unknown): number | null => {
  if (typeof value === 'number') return value;
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : ms;
};
