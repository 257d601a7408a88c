import type { ObjectRows, QueryContext } from '../query';
import { vgroupLayout } from '../query';
import { lowerOutsideQuotes } from '../sql';
import type { ConsumerGroups } from './consumers';
import { positionText } from './model';
import type { TopicManager } from './topics';

/**
 * The rows of ins_topics, ins_subscriptions and perf_consumers (SHOW TOPICS / SUBSCRIPTIONS / CONSUMERS), handed to
 * the query layer's system tables (query/context.ts ObjectRows). Users see the topics of the databases they can see.
 */
export function topicObjectRows(topics: TopicManager, consumers: ConsumerGroups): Omit<ObjectRows, 'streams'> {
  const visibleTopics = (ctx: QueryContext) => topics.topics().filter((t) => ctx.canSee(t.db));
  return {
    topics(ctx) {
      return visibleTopics(ctx).map((t) => [
        t.name,
        t.db,
        t.createTime,
        // the statement as TDengine's client sent it to the server: lower-cased outside quotes (3.3.7.5's ins_topics)
        lowerOutsideQuotes(t.sql),
        t.schema ? JSON.stringify(t.schema.map(([name, type, length]) => ({ name, type, length }))) : null,
        t.withMeta ? 'yes' : 'no',
        t.type,
      ]);
    },
    subscriptions(ctx) {
      const layout = vgroupLayout(ctx.catalog);
      const live = consumers.list();
      const visible = new Map(visibleTopics(ctx).map((t) => [t.name, t]));
      const groups = new Set<string>();
      for (const c of live) for (const t of c.topics) groups.add(`${c.config.groupId}\u0000${t}`);
      for (const [group, topic] of topics.commitsList()) groups.add(`${group}\u0000${topic}`);
      const rows: unknown[][] = [];
      for (const key of [...groups].sort()) {
        const [group, name] = key.split('\u0000');
        const topic = visible.get(name);
        if (!topic) continue;
        const count = ctx.catalog.findDatabase(topic.db)?.options.vgroups ?? 0;
        const first = layout.get(topic.db)?.first ?? 0;
        for (let vg = 0; vg < count; vg++) {
          const owner = live.find((c) => c.config.groupId === group && c.assignment.get(name)?.has(vg));
          const committed = topics.committed(group, name, vg);
          rows.push([
            name,
            group,
            first + vg,
            owner?.id ?? null,
            owner?.user ?? null,
            owner?.fqdn ?? null,
            committed !== undefined ? positionText(committed) : null,
            live.filter((c) => c.config.groupId === group).reduce((n, c) => n + (c.rows.get(`${name}\u0000${vg}`) ?? 0), 0),
          ]);
        }
      }
      return rows;
    },
    /** One row per consumer and subscribed topic, as TDengine lists them. */
    consumers(ctx) {
      const visible = new Set(visibleTopics(ctx).map((t) => t.name));
      return consumers.list().flatMap((c) =>
        c.topics
          .filter((t) => visible.has(t))
          .map((t) => [
            c.id,
            c.config.groupId,
            c.config.clientId,
            c.user,
            c.fqdn,
            c.status,
            t,
            c.upTime,
            c.subscribeTime,
            c.rebalanceTime,
            `tbname:1,commit:${c.config.autoCommit ? 1 : 0},interval:${c.config.autoCommitIntervalMs}ms,reset:${c.config.offsetReset}`,
            c.lastPoll,
          ]),
      );
    },
  };
}
