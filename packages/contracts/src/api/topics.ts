import type { TopicKind } from '../validation/topics';

/**
 * The instance's Topics screen (platform-shell.md §2 'topic': default, consumer, share, example; shapes ours,
 * docs/topics-console.md). Every call names the instance in the path and needs db:read on it (the menu's rule).
 *
 * - GET    /api/region/{r}/topic/list/{instanceId}                       → TopicItem[]
 * - POST   /api/region/{r}/topic/create/{instanceId}  body TopicCreate    → TopicItem
 * - DELETE /api/region/{r}/topic/{instanceId}/{topic}[?force=true]        → { name }
 * - GET    /api/region/{r}/topic/consumers/{instanceId}/{topic}           → TopicConsumers
 * - GET    /api/region/{r}/topic/sample/{instanceId}/{topic}[?count=5]    → TopicSample
 * - GET    /api/region/{r}/topic/share/{instanceId}/{topic}               → TopicShareItem[]
 * - PUT    /api/region/{r}/topic/share/{instanceId}/{topic} body {member_id, action: grant|revoke} → TopicShareItem[]
 */
export interface TopicItem {
  name: string;
  db: string;
  kind: TopicKind;
  with_meta: boolean;
  /** The statement as the engine keeps it. */
  sql: string;
  create_time: number | null;
  /** Output columns of a query topic (name and type), else []. */
  columns: Array<{ name: string; type: string }>;
}

/**
 * A committed position inside the snapshot an `earliest` group reads before the change log (docs/engine-tmq.md
 * "Snapshot before the log"; text `snapshot:<log>[:<ts>:<table>]` or `snapshot:<log>:meta:<key>`).
 */
export interface TopicSnapshotPosition {
  /** The position as the engine shows it (ins_subscriptions.offset, the consume protocol's replies). */
  text: string;
  /** The change-log offset the group continues at once the snapshot is read. */
  log: number;
  /** 'schema': WITH META topics first send the CREATE statements of what the snapshot covers; 'rows': the rows. */
  phase: 'schema' | 'rows';
  /** rows: the table of the last row read; schema: the (super) table of the last CREATE sent; null = nothing yet. */
  table: string | null;
  /** schema: `table` is a super table. */
  super_table: boolean;
  /** rows: the last row's timestamp in the database precision (decimal text) and in ms; else null. */
  ts: string | null;
  time: number | null;
}

/** A committed position: a change-log offset (the next record to read) or a place in the snapshot. */
export type TopicPosition = number | TopicSnapshotPosition;

export interface TopicVgroupOffset {
  vgroup_id: number;
  /** The consumer the vgroup is assigned to now, or null. */
  consumer_id: string | null;
  /** Committed position of the group, or null when nothing is committed. */
  committed: TopicPosition | null;
  /** The vgroup's first retained and next offsets of the change log. */
  begin: number;
  end: number;
  /**
   * Change-log records not yet read: end − max(committed, begin); for a snapshot position end − max(its log, begin)
   * (the log part only); end − begin when nothing is committed.
   */
  lag: number;
  /** The committed position is in the snapshot: its unread rows come on top of `lag` and are not counted. */
  snapshot: boolean;
  rows: number;
}

export interface TopicConsumer {
  consumer_id: string;
  client_id: string;
  user: string;
  fqdn: string;
  status: string;
  up_time: number | null;
  subscribe_time: number | null;
  parameters: string;
}

export interface TopicGroup {
  group: string;
  consumers: TopicConsumer[];
  vgroups: TopicVgroupOffset[];
  /** Sum of the vgroups' lag. */
  lag: number;
  /** Some vgroup's committed position is still in the snapshot (rest of it not counted in `lag`). */
  snapshot: boolean;
}

export interface TopicConsumers {
  topic: string;
  groups: TopicGroup[];
}

/** One delivered row (a data message's row) or one meta message; the sample counts these. */
export interface TopicSampleMessage {
  vgroup_id: number;
  /** The change-log offset of the message holding it. */
  offset: number;
  table_name: string;
  stable_name: string;
  /** 1 data, 2 meta. */
  message_type: number;
  columns: string[];
  /** The row's cells as the REST protocol gives them (RFC 3339 timestamps); [] for meta. */
  row: unknown[];
  /** Meta messages: the schema statement. */
  meta: string | null;
}

export interface TopicSample {
  topic: string;
  count: number;
  messages: TopicSampleMessage[];
}

export interface TopicShareItem {
  member_id: string;
  user_id: string;
  email: string;
  name: string;
  engine_user: string;
  /** Holds GRANT SUBSCRIBE on the topic. */
  shared: boolean;
  /** Owner or a member whose grants already let them subscribe (READ/ALL on the database) — no share needed. */
  implied: boolean;
}
