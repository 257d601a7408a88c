import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiCode, SUCCESS_CODES } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { activityLog } from '../../store/schema';

/** The envelope code of a sent payload (every answer is `{code, message, data}` with HTTP 200). */
function envelopeCode(payload: unknown, statusCode: number): number {
  if (typeof payload === 'string' && payload.startsWith('{"code":')) {
    const match = /^\{"code":(\d+)/.exec(payload);
    if (match) return Number(match[1]);
  }
  return statusCode >= 400 ? ApiCode.SERVER_ERROR : ApiCode.SUCCESS;
}

/** Type of an entry: the policy's, else the first path segment after /api (and a region prefix). */
export function activityTypeOf(url: string): string {
  const segments = url.replace(/^\/(uc\/)?api\//, '').replace(/^region\/[^/]+\//, '').split('/');
  return segments[0] || 'api';
}

/**
 * The activity log: every change an organization member makes — a route with `policy.activity` or
 * `policy.write` — is recorded once the caller's membership is verified (request.orgActor), successful or not:
 * type, operation, request time, originator, request IP and result. A caller refused because they are not an
 * active member leaves nothing in that organization's log. Written in onSend, before the answer leaves, so a
 * client reading the log next sees its own change.
 */
const registerActivityRecorder: FastifyPluginAsync<AppDeps> = async (app, deps) => {
    app.addHook('onSend', async (request: FastifyRequest, reply, payload) => {
      const policy = request.routeOptions.config?.policy;
      const actor = request.orgActor;
      if (!policy || !actor || !request.auth || !(policy.write || policy.activity)) return payload;
      const code = envelopeCode(payload, reply.statusCode);
      try {
        await deps.store.db.insert(activityLog).values({
          orgId: actor.orgId,
          userId: request.auth.userId,
          originator: request.auth.user.email,
          type: policy.activity?.type ?? activityTypeOf(request.routeOptions.url ?? request.url),
          operation: policy.activity?.operation ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
          method: request.method,
          path: request.url.split('?')[0],
          instanceId: actor.instanceId,
          requestIp: request.ip,
          result: SUCCESS_CODES.includes(code) ? 'SUCCESS' : 'FAILURE',
          code,
          requestTime: deps.clock.now(),
        });
      } catch (error) {
        // The organization may be gone (deleted by this very request); the answer must not fail for the log.
        request.log.warn({ err: error }, 'activity log entry not written');
      }
      return payload;
    });
};

export const activityRecorderPlugin = fp(registerActivityRecorder, { name: 'activity-recorder', dependencies: ['org-guard'] });
