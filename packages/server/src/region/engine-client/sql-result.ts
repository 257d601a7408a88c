import type { SqlResult } from '@tscloud/contracts';
import type { EngineRestAnswer } from './rest-call';

/**
 * The §3 SQL result handed to the console: the engine's answer as it is (an error keeps its code and desc),
 * with timings in ms when asked: execution as the engine measured it, total as the server saw the call.
 */
export function sqlResult(answer: EngineRestAnswer, startedAt: number, timing: boolean | undefined): SqlResult {
  const result: SqlResult = {
    code: answer.code,
    column_meta: answer.column_meta ?? [],
    data: answer.data ?? [],
    rows: answer.rows ?? answer.data?.length ?? 0,
  };
  if (answer.code !== 0) result.desc = answer.desc ?? '';
  if (timing) {
    result.timing = {
      execution_ms: typeof answer.timing === 'number' ? answer.timing / 1e6 : null,
      total_ms: performance.now() - startedAt,
    };
  }
  return result;
}
