/** Topics, the change log and consumer groups (docs/engine-tmq.md). */

/** ins_topics.type: `column` (AS SELECT), `stable` (AS STABLE), `db` (AS DATABASE). */
export type TopicType = 'column' | 'stable' | 'db';

export interface TopicDef {
  /** as written (lower-case unless back-quoted) */
  name: string;
  db: string;
  type: TopicType;
  withMeta: boolean;
  createTime: number;
  /** the CREATE TOPIC statement text (ins_topics.sql) */
  sql: string;
  owner: string;
  /** AS STABLE / AS SELECT: the super or normal table read */
  table?: string;
  /** AS STABLE ... WHERE: the tag condition text */
  tagCondition?: string;
  /** AS SELECT: the query text after AS (re-parsed when polled) */
  query?: string;
  /** column list shown in ins_topics.schema (name, type, length), for column topics */
  schema?: [string, string, number][];
}

/** A block of rows of one table as consumers receive it: REST column_meta shape, cells as REST JSON text. */
export interface Block {
  tableName: string;
  /** super table of the rows' table, when it has one */
  stableName?: string;
  columns: [string, string, number][];
  /** each row as the JSON text of its cells array, e.g. `["2024-01-01T00:00:00.000Z",1]` */
  rows: string[];
}

/** One change of the log: rows written to one table by one statement, or a schema statement (WITH META). */
export type LogRecord =
  | {
      kind: 'data';
      offset: number;
      /** wall clock of the write (ms), for WAL_RETENTION_PERIOD */
      at: number;
      tid: number;
      table: string;
      stable?: string;
      /** timestamps of the rows in the database precision, as decimal text */
      ts: string[];
      block: Block;
    }
  | { kind: 'meta'; offset: number; at: number; statement: string; sql: string; table?: string };

export type OffsetReset = 'earliest' | 'latest' | 'none';

/**
 * Where a consumer group stands in one vgroup of a topic: a change-log offset (the next record to read), or a
 * place inside the snapshot that precedes the log for a group that started at `earliest` (docs/engine-tmq.md).
 */
export type Position = number | SnapshotPosition;

/**
 * The snapshot visits the topic's tables of the vgroup in name order and each table's rows in ts order; rows whose
 * (table, ts) a log record from `log` on wrote are left to the log. `table`/`ts`: the last row read (ts in the
 * database precision as decimal text); absent = nothing read yet. After the last table the position is `log`.
 */
export interface SnapshotPosition {
  log: number;
  table?: string;
  ts?: string;
  /**
   * WITH META topics first send the CREATE statements of what the snapshot covers: `meta` is the key of the last
   * one sent (`0:<super table>` or `1:<table>`, '' = none yet); absent once the data part started.
   */
  meta?: string;
}

/** The text of a position as the protocol and ins_subscriptions show it: `log:<n>` or `snapshot:<log>[:<ts>:<table>]`. */
export function positionText(p: Position): string {
  if (typeof p === 'number') return `log:${p}`;
  if (p.meta !== undefined) return `snapshot:${p.log}:meta:${p.meta}`;
  return p.table === undefined ? `snapshot:${p.log}` : `snapshot:${p.log}:${p.ts}:${p.table}`;
}

/** A position given by a client: a log offset (number or `log:<n>`) or a snapshot text; undefined if malformed. */
export function parsePosition(value: unknown): Position | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  if (/^(log:)?\d+$/.test(value)) return Number(value.replace('log:', ''));
  const meta = /^snapshot:(\d+):meta:(.*)$/s.exec(value);
  if (meta) return { log: Number(meta[1]), meta: meta[2] };
  const m = /^snapshot:(\d+)(?::(-?\d+):(.+))?$/s.exec(value);
  if (!m) return undefined;
  return m[2] === undefined ? { log: Number(m[1]) } : { log: Number(m[1]), ts: m[2], table: m[3] };
}

/** A position as the protocol reports it: log offsets stay integers, snapshot positions are their text. */
export const protocolOffset = (p: Position): number | string => (typeof p === 'number' ? p : positionText(p));

export interface ConsumerConfig {
  groupId: string;
  clientId: string;
  offsetReset: OffsetReset;
  autoCommit: boolean;
  autoCommitIntervalMs: number;
  sessionTimeoutMs: number;
  maxPollIntervalMs: number;
}

/** Most characters of group.id and client.id (TSDB_CGROUP_LEN − 1). */
export const MAX_GROUP_ID = 192;
/** TDengine's default tmqMaxTopicNum. */
export const DEFAULT_MAX_TOPICS = 20;

/** A log record before the log assigns its offset. */
export type NewLogRecord = LogRecord extends infer R ? (R extends LogRecord ? Omit<R, 'offset'> : never) : never;
