import { STREAM_NAME_PATTERN } from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';
import type { EngineRestAnswer, EngineTarget } from '../engine-client/rest-call';
import { rowsOn, runAsMember, sqlRefused } from '../engine-client/member-engine';

/**
 * Stream statements on an instance's engine, through the region's one way of reaching it (engine-client/member-engine: the
 * member's own engine user, or instanceEngine for the superuser — stream names are global, so the uniqueness
 * check looks at every stream), with the streams' timeout and §8 messages.
 */

export const STREAM_SQL_TIMEOUT_MS = 30_000;

/** Engine codes (low 16 bits as REST shows them; docs/engine-streams.md). */
export const StreamEngineCode = {
  STREAM_EXISTS: 0x03f0,
  STREAM_NOT_FOUND: 0x03f1,
} as const;

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
  return sqlRefused(answer);
}

/** Rows of a statement that must succeed. */
export function rowsOf(target: EngineTarget, sql: string): Promise<unknown[][]> {
  return rowsOn(target, sql, { timeoutMs: STREAM_SQL_TIMEOUT_MS, refused });
}

/** The path's stream name, checked against the name rule (else not found: no such stream can exist). */
export function streamParam(name: string): string {
  if (!STREAM_NAME_PATTERN.test(name)) throw ApiError.notFound('error.streamNotFound');
  return name;
}
