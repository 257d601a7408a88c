import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, ok, topicSampleQuerySchema, type TopicConsumers, type TopicGroup, type TopicSample, type TopicSampleMessage } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { instanceInRegion } from '../instances/instance-access';
import type { EngineTarget } from '../engine-client/rest-call';
import { quoteText } from '@tscloud/contracts/sql';
import { timeOf } from '../engine-client/timestamps';
import { instanceEngine, memberEngine } from '../engine-client/member-engine';
import { rowsOf, topicParam } from './engine';
import { logOffsetOf, subscriptionOffset } from './positions';
import { CONSOLE_GROUP_PREFIX, TmqClient, TmqError } from './tmq-client';
import { findTopic, TOPIC_READ } from './topic-routes';

const TMQ_TIMEOUT_MS = 10_000;
/** How long one poll of the sample waits for data before the sample ends. */
const SAMPLE_POLL_MS = 300;

interface VgroupEnds {
  begin: number;
  end: number;
}

/** A TMQ failure as the console shows it: the engine's refusal (e.g. no right to subscribe) or unavailable. */
function tmqFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof TmqError && error.code > 0) return new ApiError(ApiCode.BAD_REQUEST, 'error.sqlFailed', [error.message], { code: error.code, desc: error.message });
  return new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.sqlServiceUnavailable');
}

async function withConsumer<T>(engine: EngineTarget, topic: string, work: (client: TmqClient) => Promise<T>): Promise<T> {
  let client: TmqClient | undefined;
  try {
    // on a TDengine cluster the client names topics and groups in the instance's namespace and reads raw blocks
    client = await TmqClient.open(engine.url, engine.authorization, TMQ_TIMEOUT_MS, { tenant: engine.tenant });
    await client.subscribe(topic, 'earliest');
    return await work(client);
  } catch (error) {
    throw tmqFailure(error);
  } finally {
    await client?.close();
  }
}

/**
 * The change log's first and next offsets per vgroup of a topic: a consumer of a temporary group (sole member,
 * so every vgroup is assigned to it) asks `assignment`, then leaves without committing.
 */
async function vgroupEnds(engine: EngineTarget, topic: string): Promise<Map<number, VgroupEnds>> {
  return withConsumer(engine, topic, async (client) => {
    const reply = await client.call('assignment', { topic });
    const list = (reply.assignment ?? []) as Array<{ vgroup_id: number; begin: number; end: number }>;
    return new Map(list.map((a) => [Number(a.vgroup_id), { begin: Number(a.begin), end: Number(a.end) }]));
  });
}

/** The topic's database precision (ms/us/ns), for the timestamps of snapshot positions. */
async function precisionOf(engine: EngineTarget, db: string): Promise<string> {
  const rows = await rowsOf(engine, `SELECT \`precision\` FROM information_schema.ins_databases WHERE name = ${quoteText(db)}`);
  return String(rows[0]?.[0] ?? 'ms');
}

/** Consumers view and sample messages (docs/topics-console.md). */
export const consumerRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  type Params = { region: string; instanceId: string; topic: string };

  app.get<{ Params: Params }>(
    '/api/region/:region/topic/consumers/:instanceId/:topic',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: TOPIC_READ } } },
    async (request) => {
      const name = topicParam(request.params.topic);
      const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
      const topic = await findTopic(await memberEngine(deps, request, row), name);
      const root = instanceEngine(row);
      const precision = await precisionOf(root, topic.db);
      const subscriptions = await rowsOf(
        root,
        `SELECT \`consumer_group\`, \`vgroup_id\`, \`consumer_id\`, \`offset\`, \`rows\` FROM information_schema.ins_subscriptions WHERE \`topic_name\` = ${quoteText(name)}`,
      );
      const consumers = await rowsOf(
        root,
        `SELECT \`consumer_id\`, \`consumer_group\`, \`client_id\`, \`user\`, \`fqdn\`, \`status\`, \`up_time\`, \`subscribe_time\`, \`parameters\` FROM performance_schema.perf_consumers WHERE \`topics\` = ${quoteText(name)}`,
      );
      const ends = await vgroupEnds(root, name);
      const groups = new Map<string, TopicGroup>();
      const groupOf = (group: string): TopicGroup => {
        let g = groups.get(group);
        if (!g) groups.set(group, (g = { group, consumers: [], vgroups: [], lag: 0, snapshot: false }));
        return g;
      };
      for (const [group, vgroup, consumer, offset, rows] of subscriptions) {
        if (String(group).startsWith(CONSOLE_GROUP_PREFIX)) continue;
        const vgroupId = Number(vgroup);
        const live = ends.get(vgroupId) ?? { begin: 0, end: 0 };
        // TDengine's offset text carries the WAL end it was taken at: its lag counts WAL versions to that end
        const { committed, end: recordedEnd } = subscriptionOffset(offset, precision);
        const end = { begin: live.begin, end: recordedEnd ?? live.end };
        // In the snapshot only the log part after it is countable (its own rest is unknown without reading it).
        const lag = Math.max(0, end.end - Math.max(logOffsetOf(committed) ?? end.begin, end.begin));
        const snapshot = committed !== null && typeof committed !== 'number';
        const g = groupOf(String(group));
        g.vgroups.push({ vgroup_id: vgroupId, consumer_id: consumer == null ? null : String(consumer), committed, begin: end.begin, end: end.end, lag, snapshot, rows: Number(rows ?? 0) });
        g.lag += lag;
        g.snapshot ||= snapshot;
      }
      for (const [id, group, client, user, fqdn, status, up, subscribed, parameters] of consumers) {
        if (String(group).startsWith(CONSOLE_GROUP_PREFIX)) continue;
        groupOf(String(group)).consumers.push({
          consumer_id: String(id),
          client_id: String(client ?? ''),
          user: String(user ?? ''),
          fqdn: String(fqdn ?? ''),
          status: String(status ?? ''),
          up_time: timeOf(up),
          subscribe_time: timeOf(subscribed),
          parameters: String(parameters ?? ''),
        });
      }
      const out: TopicConsumers = {
        topic: name,
        groups: [...groups.values()].sort((a, b) => a.group.localeCompare(b.group)).map((g) => ({ ...g, vgroups: g.vgroups.sort((a, b) => a.vgroup_id - b.vgroup_id) })),
      };
      return ok(out);
    },
  );

  app.get<{ Params: Params; Querystring: Record<string, unknown> }>(
    '/api/region/:region/topic/sample/:instanceId/:topic',
    { config: { policy: { access: 'instance', scope: 'resource', privileges: TOPIC_READ } } },
    async (request) => {
      const name = topicParam(request.params.topic);
      const { count } = parseWith(topicSampleQuerySchema, request.query);
      const row = await instanceInRegion(deps, request, request.params.instanceId, request.params.region);
      // As the member: the engine decides whether they may subscribe (database read, owner or GRANT SUBSCRIBE).
      const engine = await memberEngine(deps, request, row);
      await findTopic(instanceEngine(row), name);
      const messages = await withConsumer(engine, name, async (client) => {
        const out: TopicSampleMessage[] = [];
        while (out.length < count) {
          const polled = await client.call('poll', { blocking_time: SAMPLE_POLL_MS });
          if (!polled.have_message) break;
          const base = { vgroup_id: Number(polled.vgroup_id), offset: Number(polled.offset), message_type: Number(polled.message_type) };
          if (base.message_type === 2) {
            const meta = await client.call('fetch_json_meta', { message_id: polled.message_id });
            const data = meta.data as { sql?: string } | undefined;
            out.push({ ...base, table_name: '', stable_name: '', columns: [], row: [], meta: String(data?.sql ?? '') });
            continue;
          }
          for (;;) {
            const block = await client.call('fetch', { message_id: polled.message_id });
            if (block.completed) break;
            const columns = (block.fields_names ?? []) as string[];
            for (const cells of await client.blockRows(polled.message_id, block)) {
              if (out.length >= count) break;
              out.push({ ...base, table_name: String(block.table_name ?? ''), stable_name: String(block.stable_name ?? ''), columns, row: cells, meta: null });
            }
          }
        }
        return out;
      });
      const sample: TopicSample = { topic: name, count, messages };
      return ok(sample);
    },
  );
};
