import type { FastifyRequest } from 'fastify';
import { ApiCode } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { orgOf } from '../../platform/access';
import type { InstanceRow } from '../../store/schema';
import { basicAuthorization, engineRestCall, type EngineRestAnswer, type EngineTarget } from '../engine-client/rest-call';
import { engineCredentialsOf, reconcileInstanceUsers } from '../instance-users';
import { engineConnectionOf } from '../instances/engine-endpoint';

/**
 * The caller's own engine user on the instance (docs/instance-users.md), never the superuser: the engine itself
 * limits what the member's SQL may do. The engine users are reconciled first, so grants changed a moment ago
 * apply to this statement.
 */
export async function memberEngine(deps: AppDeps, request: FastifyRequest, row: InstanceRow): Promise<EngineTarget> {
  const connection = engineConnectionOf(row);
  if (!connection) throw new ApiError(ApiCode.CONFLICT, 'error.instanceAbnormal');
  try {
    await reconcileInstanceUsers(deps, row);
  } catch {
    throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.sqlServiceUnavailable');
  }
  const { user, password } = engineCredentialsOf(row, orgOf(request).memberId);
  return { url: connection.url, authorization: basicAuthorization(user, password) };
}

/** One statement as the member; an unreachable engine is the §8 "Service Unavailable" error. */
export async function runAsMember(target: EngineTarget, sql: string, options: { timeoutMs: number; timing?: boolean }): Promise<EngineRestAnswer> {
  try {
    return await engineRestCall(target, sql, options);
  } catch {
    throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.sqlServiceUnavailable');
  }
}
