import { TOPIC_NAME_PATTERN } from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';
import type { EngineRestAnswer, EngineTarget } from '../engine-client/rest-call';
import { rowsOn, runAsMember, sqlRefused } from '../engine-client/member-engine';

/**
 * Topic statements on an instance's engine, through the region's one way of reaching it (engine-client/member-engine: the
 * member's own engine user, or instanceEngine for the superuser), with the topics' timeout and §8 messages.
 */

export const TOPIC_SQL_TIMEOUT_MS = 30_000;

/** Engine codes (low 16 bits, as REST shows them; facts §4, docs/engine-tmq.md). */
export const EngineCode = {
  WAL_RETENTION_ZERO: 0x038c,
  TOPIC_EXISTS: 0x03e0,
  TOPIC_NOT_FOUND: 0x03e1,
} as const;

/** One statement, optionally with a default database (`/rest/sql/{db}`); the raw answer. */
export function engineSql(target: EngineTarget, sql: string, db?: string): Promise<EngineRestAnswer> {
  return runAsMember(target, sql, { timeoutMs: TOPIC_SQL_TIMEOUT_MS, db });
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
  return sqlRefused(answer);
}

/** Rows of a statement that must succeed. */
export function rowsOf(target: EngineTarget, sql: string, db?: string): Promise<unknown[][]> {
  return rowsOn(target, sql, { timeoutMs: TOPIC_SQL_TIMEOUT_MS, db, refused });
}

/** The path's topic name, checked against the name rule (else not found: no such topic can exist). */
export function topicParam(name: string): string {
  if (!TOPIC_NAME_PATTERN.test(name)) throw ApiError.notFound('error.topicNotFound');
  return name;
}
