import type { QueryContext } from '../../../engine';
import { positionText } from '../../../topics/model';
import { vgroupLayout } from '../vgroups';
import { bigint, int, LEN, timestamp, varchar, type SysColumn } from '../columns';
import type { SystemTableDef } from '../table-def';

/**
 * ins_topics, ins_subscriptions and ins_consumers (SHOW TOPICS / SUBSCRIPTIONS / CONSUMERS), from the topic layer
 * (src/topics, docs/engine-tmq.md). Users see the topics of the databases they can see.
 */

export const topicsTable: SystemTableDef = {
  name: 'ins_topics',
  sysInfo: false,
  columns: [
    varchar('topic_name', LEN.TABLE_NAME),
    varchar('db_name', LEN.DB_NAME),
    timestamp('create_time'),
    varchar('sql', LEN.SHOW_SQL),
    varchar('schema', LEN.MAX_BINARY),
    varchar('meta', 4),
    varchar('type', 8),
  ],
  rows(ctx) {
    return visibleTopics(ctx).map((t) => [
      t.name,
      t.db,
      t.createTime,
      t.sql,
      t.schema ? JSON.stringify(t.schema.map(([name, type, length]) => ({ name, type, length }))) : null,
      t.withMeta ? 'yes' : 'no',
      t.type,
    ]);
  },
};

function visibleTopics(ctx: QueryContext) {
  return (ctx.tmq?.topics.topics() ?? []).filter((t) => ctx.canSee(t.db));
}

export const subscriptionsTable: SystemTableDef = {
  name: 'ins_subscriptions',
  sysInfo: false,
  columns: [
    varchar('topic_name', LEN.TOPIC_FNAME),
    varchar('consumer_group', LEN.CGROUP),
    int('vgroup_id'),
    varchar('consumer_id', LEN.CLIENT_ID),
    varchar('user', LEN.USER),
    varchar('fqdn', LEN.FQDN),
    varchar('offset', LEN.OFFSET),
    bigint('rows'),
  ],
  rows(ctx) {
    const tmq = ctx.tmq;
    if (!tmq) return [];
    const layout = vgroupLayout(ctx.catalog);
    const consumers = tmq.consumers.list();
    const topics = new Map(visibleTopics(ctx).map((t) => [t.name, t]));
    const groups = new Set<string>();
    for (const c of consumers) for (const t of c.topics) groups.add(`${c.config.groupId}\u0000${t}`);
    for (const [group, topic] of tmq.topics.commitsList()) groups.add(`${group}\u0000${topic}`);
    const rows: unknown[][] = [];
    for (const key of [...groups].sort()) {
      const [group, name] = key.split('\u0000');
      const topic = topics.get(name);
      if (!topic) continue;
      const count = ctx.catalog.findDatabase(topic.db)?.options.vgroups ?? 0;
      const first = layout.get(topic.db)?.first ?? 0;
      for (let vg = 0; vg < count; vg++) {
        const owner = consumers.find((c) => c.config.groupId === group && c.assignment.get(name)?.has(vg));
        const committed = tmq.topics.committed(group, name, vg);
        rows.push([
          name,
          group,
          first + vg,
          owner?.id ?? null,
          owner?.user ?? null,
          owner?.fqdn ?? null,
          committed !== undefined ? positionText(committed) : null,
          consumers.filter((c) => c.config.groupId === group).reduce((n, c) => n + (c.rows.get(`${name}\u0000${vg}`) ?? 0), 0),
        ]);
      }
    }
    return rows;
  },
};

/** ins_consumers' columns; performance_schema.perf_consumers has the same. */
export const consumerColumns: SysColumn[] = [
  varchar('consumer_id', LEN.CONSUMER_ID),
  varchar('consumer_group', LEN.CGROUP),
  varchar('client_id', LEN.CLIENT_ID),
  varchar('user', LEN.USER),
  varchar('fqdn', LEN.FQDN),
  varchar('status', 20),
  varchar('topics', LEN.TOPIC_FNAME),
  timestamp('up_time'),
  timestamp('subscribe_time'),
  timestamp('rebalance_time'),
  varchar('parameters', 128 + LEN.OFFSET),
];

/** One row per consumer and subscribed topic, as TDengine lists them. */
export function consumerRows(ctx: QueryContext): unknown[][] {
  const tmq = ctx.tmq;
  if (!tmq) return [];
  const visible = new Set(visibleTopics(ctx).map((t) => t.name));
  return tmq.consumers.list().flatMap((c) =>
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
      ]),
  );
}

export const consumersTable: SystemTableDef = {
  name: 'ins_consumers',
  sysInfo: false,
  columns: consumerColumns,
  rows: consumerRows,
};
