import type { FastifyRequest } from 'fastify';
import { ApiCode } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { orgOf } from '../../platform/access';
import type { InstanceRow } from '../../store/schema';
import { basicAuthorization, engineRestCall, type EngineCallOptions, type EngineRestAnswer, type EngineTarget } from './rest-call';
import { engineCredentialsOf, engineUsersReady, markAccessChanged, syncInstanceUsers } from '../instance-users';
import { engineConnectionOf } from '../instances/engine-endpoint';

/**
 * The caller's own engine user on the instance (docs/instance-users.md), never the superuser: the engine itself
 * limits what the member's SQL may do. The engine users are reconciled only when they are not in step with the
 * platform (a change not applied yet, an expired grant): a failure there is logged and never fails this call.
 */
export async function memberEngine(deps: AppDeps, request: FastifyRequest, row: InstanceRow): Promise<EngineTarget> {
  const connection = instanceEngine(row);
  await engineUsersReady(deps, row, request.log);
  const { user, password } = engineCredentialsOf(row, orgOf(request).memberId);
  const target = { ...connection, authorization: basicAuthorization(user, password), describeAuthorization: connection.authorization };
  // On a shared cluster a new database is granted to the namespace's users one by one: before the next statement.
  if (connection.tenant) {
    target.onDatabasesChanged = () => {
      markAccessChanged(row.orgId);
      return syncInstanceUsers(deps, row, request.log);
    };
    // …and its inserts and queries are counted here, where every one of them passes (docs/clusters.md decision 8)
    target.onStatement = (counted) => request.server.region.traffic.addStatement(row.id, counted);
  }
  return target;
}

/**
 * The instance superuser, for what no member may do or see (system tables of every user, grants, engine users);
 * an instance without an engine connection is abnormal (409).
 */
export function instanceEngine(row: InstanceRow): EngineTarget {
  const connection = engineConnectionOf(row);
  if (!connection) throw new ApiError(ApiCode.CONFLICT, 'error.instanceAbnormal');
  return connection;
}

/**
 * One statement on the target (the member's engine user, or the instance superuser); the raw answer, engine
 * refusals included. An unreachable engine is the §8 "Service Unavailable" error.
 */
export async function runAsMember(target: EngineTarget, sql: string, options: EngineCallOptions): Promise<EngineRestAnswer> {
  try {
    return await engineRestCall(target, sql, options);
  } catch {
    throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.sqlServiceUnavailable');
  }
}

/** An engine refusal as the console shows it when nothing more specific applies: envelope 400 with the engine's text. */
export function sqlRefused(answer: { code: number; desc?: string }): ApiError {
  const desc = answer.desc ?? '';
  return new ApiError(ApiCode.BAD_REQUEST, 'error.sqlFailed', [desc], { code: answer.code, desc });
}

/** The rows of a statement that must succeed; a refusal is thrown as `refused` makes it (default sqlRefused). */
export async function rowsOn(
  target: EngineTarget,
  sql: string,
  options: EngineCallOptions & { refused?: (answer: EngineRestAnswer) => ApiError },
): Promise<unknown[][]> {
  const answer = await runAsMember(target, sql, options);
  if (answer.code !== 0) throw (options.refused ?? sqlRefused)(answer);
  return answer.data ?? [];
}
