import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Privilege, ok, satisfies, topicShareSchema, type TopicShareItem } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { orgOf, requireOn } from '../../platform/access';
import type { InstanceRow } from '../../store/schema';
import { engineUsersReady } from '../instance-users';
import { loadInstanceAccess } from '../instance-users/access-state';
import { engineUserPlan } from '../instance-users/engine-users';
import { resolveUsers } from '../instance-users/subjects';
import { instanceInRegion } from '../instances/instance-access';
import { quoteName, quoteText } from '@tscloud/contracts/sql';
import { instanceEngine } from '../engine-client/member-engine';
import { engineSql, refused, rowsOf, topicParam } from './engine';
import { findTopic } from './topic-routes';

/** Sharing a topic changes engine privileges: the database privilege managers' right (role Admin). */
const SHARE_MANAGE = { allOf: [Privilege.DB_READ, Privilege.DB_PRIVILEGE_MANAGE] } as const;
const SHARE_READ = { allOf: [Privilege.DB_READ] } as const;

/**
 * Share = GRANT SUBSCRIBE ON topic TO the member's engine user (docs/topics-console.md "Share"). The engine's
 * grant is the record: the instance's users are the platform's (organization members some grant ties to the
 * instance, docs/instance-users.md), and their engine users are the ones the console mirrors.
 */
async function shareList(deps: AppDeps, row: InstanceRow, topic: string): Promise<TopicShareItem[]> {
  const root = instanceEngine(row);
  const { db } = await findTopic(root, topic);
  const state = await loadInstanceAccess(deps.store.db, row.orgId, row.id);
  const granted = new Set(
    (await rowsOf(root, `SELECT \`user_name\` FROM information_schema.ins_user_privileges WHERE \`privilege\` = 'subscribe' AND \`db_name\` = ${quoteText(topic)}`)).map(
      ([user]) => String(user),
    ),
  );
  return resolveUsers(state, deps.clock.now())
    .map((user) => {
      const plan = engineUserPlan(user.live, user.isOwner);
      const implied = user.isOwner || plan.grants.some((g) => (g.db === '*' || g.db === db) && g.table === '*' && g.privilege !== 'WRITE');
      return {
        member_id: user.row.member_id,
        user_id: user.row.id,
        email: user.row.email,
        name: user.row.name,
        engine_user: user.row.engine_user,
        shared: granted.has(user.row.engine_user),
        implied,
      };
    })
    .sort((a, b) => a.email.localeCompare(b.email));
}

/** Sharing is a grant on the topic's database: db:privilege:manage (and read) on that database. */
async function requireShareRight(request: FastifyRequest, row: InstanceRow, topic: string): Promise<void> {
  const { db } = await findTopic(instanceEngine(row), topic);
  requireOn(orgOf(request), SHARE_MANAGE, { instanceId: row.id, databaseId: db });
}

export const shareRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  type Params = { region: string; instanceId: string; topic: string };

  app.get<{ Params: Params }>(
    '/api/region/:region/topic/share/:instanceId/:topic',
    // 'resource': the list names the instance's users, so below instance level only the managers of the topic's
    // database see it (requireShareRight).
    { config: { policy: { access: 'instance', scope: 'resource', privileges: SHARE_READ } } },
    async (request) => {
      const name = topicParam(request.params.topic);
      const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
      const org = orgOf(request);
      if (!satisfies(org.privileges, SHARE_READ)) await requireShareRight(request, row, name);
      return ok(await shareList(deps, row, name));
    },
  );

  app.put<{ Params: Params }>(
    '/api/region/:region/topic/share/:instanceId/:topic',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: SHARE_MANAGE, write: true, activity: { type: 'instance', operation: 'share topic' } } } },
    async (request) => {
      const name = topicParam(request.params.topic);
      const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
      const root = instanceEngine(row);
      await requireShareRight(request, row, name);
      const body = parseWith(topicShareSchema, request.body);
      const target = (await shareList(deps, row, name)).find((u) => u.member_id === body.member_id);
      if (!target) throw ApiError.notFound('error.topicShareTarget');
      // The member's engine user must exist (and match their grants) before it can be granted anything.
      await engineUsersReady(deps, row, request.log);
      const statement =
        body.action === 'grant' ? `GRANT SUBSCRIBE ON ${quoteName(name)} TO ${target.engine_user}` : `REVOKE SUBSCRIBE ON ${quoteName(name)} FROM ${target.engine_user}`;
      if (body.action === 'grant' ? !target.shared : target.shared) {
        const answer = await engineSql(root, statement);
        if (answer.code !== 0) throw refused(answer);
      }
      return ok(await shareList(deps, row, name));
    },
  );
};
