import type { QueryContext } from '../../context';
import { bigint, int, LEN, timestamp, varchar, type SysColumn } from '../columns';
import type { SystemTableDef } from '../table-def';

/**
 * ins_topics, ins_subscriptions (and performance_schema.perf_consumers) (SHOW TOPICS / SUBSCRIPTIONS / CONSUMERS), from the topic layer
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
  rows: (ctx) => ctx.objects?.topics(ctx) ?? [],
};

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
  rows: (ctx) => ctx.objects?.subscriptions(ctx) ?? [],
};

/** performance_schema.perf_consumers' columns. */
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
  timestamp('poll_time'),
];

/**
 * perf_consumers' rows (SHOW CONSUMERS). TDengine 3.3.7.5 has no information_schema.ins_consumers (9731 "Table does
 * not exist"): the consumers are a performance_schema table only.
 */
export const consumerRows = (ctx: QueryContext): unknown[][] => ctx.objects?.consumers(ctx) ?? [];
