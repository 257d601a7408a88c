import type { FastifyPluginAsync } from 'fastify';
import { Privilege, ok, topicCreateSchema, topicCreateSql, type TopicItem, type TopicKind } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import type { InstanceRow } from '../../store/schema';
import { instanceInRegion } from '../instances/instance-access';
import type { EngineTarget } from '../engine-client/rest-call';
import { quoteName, quoteText } from '@tscloud/contracts/sql';
import { timeOf } from '../engine-client/timestamps';
import { instanceEngine, memberEngine } from '../engine-client/member-engine';
import { engineSql, refused, rowsOf, topicParam } from './engine';

export const TOPIC_READ = { allOf: [Privilege.DB_READ] } as const;

const KIND: Record<string, TopicKind> = { column: 'query', stable: 'stable', db: 'database' };

function columnsOf(schema: unknown): Array<{ name: string; type: string }> {
  if (typeof schema !== 'string' || !schema) return [];
  try {
    return (JSON.parse(schema) as Array<{ name: string; type: string }>).map((c) => ({ name: String(c.name), type: String(c.type) }));
  } catch {
    return [];
  }
}

/** The topics the engine user sees (the engine lists the topics of the databases the user can see). */
export async function listTopics(engine: EngineTarget, name?: string): Promise<TopicItem[]> {
  const rows = await rowsOf(
    engine,
    `SELECT topic_name, db_name, create_time, \`sql\`, \`schema\`, \`meta\`, \`type\` FROM information_schema.ins_topics${name ? ` WHERE topic_name = ${quoteText(name)}` : ''}`,
  );
  return rows
    .map(([topic, db, created, sql, schema, meta, type]) => ({
      name: String(topic),
      db: String(db),
      kind: KIND[String(type)] ?? 'query',
      with_meta: String(meta) === 'yes',
      sql: String(sql ?? ''),
      create_time: timeOf(created),
      columns: columnsOf(schema),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** One visible topic, else 404 (a topic of a database the member cannot see is not shown). */
export async function findTopic(engine: EngineTarget, name: string): Promise<TopicItem> {
  const found = (await listTopics(engine, name)).find((t) => t.name === name);
  if (!found) throw ApiError.notFound('error.topicNotFound');
  return found;
}

/**
 * §5: "A topic needs a database WAL retention period above zero". Checked before the statement is sent so the
 * answer is the console's message even when the engine would word it otherwise; −1 (keep forever) passes.
 */
async function checkWal(row: InstanceRow, db: string): Promise<void> {
  const rows = await rowsOf(instanceEngine(row), `SELECT \`wal_retention_period\` FROM information_schema.ins_databases WHERE name = ${quoteText(db)}`);
  if (rows.length === 0) throw ApiError.badRequest('validation.topicDatabase');
  if (Number(rows[0][0]) === 0) throw ApiError.badRequest('error.topicWalRetention');
}

/**
 * Topic list, create and drop (docs/topics-console.md). Statements run as the member's engine user, which sees
 * only the topics of the databases its grants cover: 'resource' routes, like the SQL console.
 */
export const topicRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  type Params = { region: string; instanceId: string };

  app.get<{ Params: Params }>(
    '/api/region/:region/topic/list/:instanceId',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: TOPIC_READ } } },
    async (request) => {
      const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
      return ok(await listTopics(await memberEngine(deps, request, row)));
    },
  );

  app.post<{ Params: Params }>(
    '/api/region/:region/topic/create/:instanceId',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: TOPIC_READ, write: true, activity: { type: 'instance', operation: 'create topic' } } } },
    async (request) => {
      const body = parseWith(topicCreateSchema, request.body);
      const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
      const engine = await memberEngine(deps, request, row);
      await checkWal(row, body.db);
      // The duplicate check the engine would make too, so the §8 message wins over any other refusal.
      if ((await rowsOf(instanceEngine(row), `SELECT topic_name FROM information_schema.ins_topics WHERE topic_name = ${quoteText(body.name)}`)).length) {
        throw ApiError.conflict('error.topicExists');
      }
      const answer = await engineSql(engine, topicCreateSql(body), body.db);
      if (answer.code !== 0) throw refused(answer);
      return ok(await findTopic(engine, body.name));
    },
  );

  app.delete<{ Params: Params & { topic: string }; Querystring: { force?: string } }>(
    '/api/region/:region/topic/:instanceId/:topic',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: TOPIC_READ, write: true, activity: { type: 'instance', operation: 'delete topic' } } } },
    async (request) => {
      const name = topicParam(request.params.topic);
      const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
      const engine = await memberEngine(deps, request, row);
      await findTopic(engine, name);
      const force = request.query.force === 'true' ? ' FORCE' : '';
      const answer = await engineSql(engine, `DROP TOPIC${force} ${quoteName(name)}`);
      if (answer.code !== 0) throw refused(answer);
      return ok({ name });
    },
  );
};
