import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq, isNotNull } from 'drizzle-orm';
import { ApiCode, SIGN_IN_ACTIVITY_TYPE, SUCCESS_CODES } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { Db } from '../../store/database';
import { activityLog, orgMembers } from '../../store/schema';

type ActivityRow = typeof activityLog.$inferInsert;

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

/** The organizations whose log holds an account's sign-in events: those it is an active member of. */
async function activeOrgIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ orgId: orgMembers.orgId })
    .from(orgMembers)
    .where(and(eq(orgMembers.userId, userId), eq(orgMembers.status, 'ACTIVE'), isNotNull(orgMembers.userId)));
  return rows.map((r) => r.orgId);
}

/** The entries one answered request leaves, or none. */
async function entriesOf(db: Db, request: FastifyRequest, base: Pick<ActivityRow, 'method' | 'path' | 'requestIp' | 'result' | 'code' | 'requestTime'>): Promise<ActivityRow[]> {
  const policy = request.routeOptions.config?.policy;
  const actor = request.orgActor;
  const note = request.activityNote;
  const target = note?.target ?? null;
  if (policy && actor && request.auth && (policy.write || policy.activity)) {
    return [
      {
        ...base,
        orgId: actor.orgId,
        userId: request.auth.userId,
        originator: request.auth.user.email,
        type: policy.activity?.type ?? activityTypeOf(request.routeOptions.url ?? request.url),
        operation: policy.activity?.operation ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
        instanceId: actor.instanceId,
        target,
      },
    ];
  }
  if (!note?.account) return [];
  const { userId, email, operation } = note.account;
  const orgIds = await activeOrgIds(db, userId);
  return orgIds.map((orgId) => ({ ...base, orgId, userId, originator: email, type: SIGN_IN_ACTIVITY_TYPE, operation, instanceId: null, target }));
}

/**
 * The activity log: every change an organization member makes — a route with `policy.activity` or
 * `policy.write` — is recorded once the caller's membership is verified (request.orgActor), successful or not:
 * type, operation, target (request.activityNote), request time, originator, request IP and result. A caller refused
 * because they are not an active member leaves nothing in that organization's log. Sign-in events (noteSignInEvent:
 * password, second factor, single sign-on, sign-out) go into every organization the account is an active member of.
 * Written in onSend, before the answer leaves, so a client reading the log next sees its own change.
 */
const registerActivityRecorder: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  app.decorateRequest('activityNote', null);
  app.addHook('onSend', async (request: FastifyRequest, reply, payload) => {
    const code = envelopeCode(payload, reply.statusCode);
    const base = {
      method: request.method,
      path: request.url.split('?')[0],
      requestIp: request.ip,
      result: SUCCESS_CODES.includes(code) ? ('SUCCESS' as const) : ('FAILURE' as const),
      code,
      requestTime: deps.clock.now(),
    };
    try {
      const rows = await entriesOf(deps.store.db, request, base);
      if (rows.length) await deps.store.db.insert(activityLog).values(rows);
    } catch (error) {
      // The organization may be gone (deleted by this very request); the answer must not fail for the log.
      request.log.warn({ err: error }, 'activity log entry not written');
    }
    return payload;
  });
};

export const activityRecorderPlugin = fp(registerActivityRecorder, { name: 'activity-recorder', dependencies: ['org-guard'] });
