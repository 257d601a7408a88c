import type { TypeSpec } from '../../types';
import type { Duration, Identifier, QualifiedName } from './common';
import type { ColumnRef, Expression } from './expression';
import type { PartitionItem, QueryExpression } from './select';
import type { ColumnDef } from './table';

export type TopicSource =
  | { type: 'query'; query: QueryExpression; queryText: string }
  | { type: 'stable'; name: QualifiedName; where?: Expression; whereText?: string }
  | { type: 'database'; name: Identifier };

/** `CREATE TOPIC [IF NOT EXISTS] t [WITH META] AS SELECT .. | AS STABLE stb [WHERE ..] | AS DATABASE db` */
export interface CreateTopicStatement {
  kind: 'createTopic';
  ifNotExists: boolean;
  name: Identifier;
  withMeta: boolean;
  source: TopicSource;
}

/** `DROP TOPIC [IF EXISTS] [FORCE] t` */
export interface DropTopicStatement {
  kind: 'dropTopic';
  ifExists: boolean;
  force: boolean;
  name: Identifier;
}

/** `DROP CONSUMER GROUP [IF EXISTS] [FORCE] grp ON topic` */
export interface DropConsumerGroupStatement {
  kind: 'dropConsumerGroup';
  ifExists: boolean;
  force: boolean;
  group: Identifier;
  topic: Identifier;
}

export type StreamTrigger =
  | { type: 'AT_ONCE' }
  | { type: 'WINDOW_CLOSE' }
  | { type: 'FORCE_WINDOW_CLOSE' }
  | { type: 'MAX_DELAY'; delay: Duration };

/** Classic stream options (facts §3.2); absent = default. */
export interface StreamOptions {
  trigger?: StreamTrigger;
  watermark?: Duration;
  ignoreExpired?: number;
  deleteMark?: Duration;
  fillHistory?: number;
  /** `FILL_HISTORY 1 ASYNC` */
  fillHistoryAsync?: boolean;
  ignoreUpdate?: number;
}

/** One entry of `INTO stb (col [PRIMARY KEY], ...)`. */
export interface StreamColumn {
  name: Identifier;
  primaryKey?: boolean;
}

/**
 * `CREATE STREAM [IF NOT EXISTS] s [options] INTO [db.]out [(cols)] [TAGS (tag defs)] [SUBTABLE(expr)]
 *  AS SELECT ...` (classic syntax, 3.0–3.3.6).
 */
export interface CreateStreamStatement {
  kind: 'createStream';
  ifNotExists: boolean;
  name: Identifier;
  options: StreamOptions;
  into: QualifiedName;
  columns?: StreamColumn[];
  /** `TAGS (name type, ...)`: tag definitions of the output super table. */
  tags?: ColumnDef[];
  /** `TAGS (name, ...)`: tags taken by name from the PARTITION BY columns. */
  tagNames?: Identifier[];
  subtable?: Expression;
  query: QueryExpression;
  queryText: string;
}

/**
 * The trigger of a 3.3.7 stream (`trigger_type`): what opens and closes its windows.
 * - `period`: `PERIOD(period[, offset])`, a timer;
 * - `sliding`: `[INTERVAL(interval[, offset])] SLIDING(sliding[, offset])`;
 * - `session`: `SESSION(ts_col, gap)`; `state`: `STATE_WINDOW(expr[, extend]) [TRUE_FOR(d)]`;
 * - `event`: `EVENT_WINDOW(START WITH cond [END WITH cond]) [TRUE_FOR(d)]`;
 * - `count`: `COUNT_WINDOW(count[, sliding][, col ...])`.
 */
export type StreamTriggerType =
  | { type: 'period'; period: Duration; offset?: Duration }
  | { type: 'sliding'; interval?: Duration; intervalOffset?: Duration; sliding: Duration; slidingOffset?: Duration }
  | { type: 'session'; column: ColumnRef; gap: Duration }
  | { type: 'state'; expr: Expression; extend?: number; trueFor?: Duration }
  | { type: 'event'; start: Expression; end?: Expression; trueFor?: Duration }
  | { type: 'count'; count: number; sliding?: number; columns?: Expression[] };

/** Window events a 3.3.7 stream notifies or triggers on (`EVENT_TYPE(..)`, `NOTIFY(..) ON (..)`). */
export type StreamEventType = 'WINDOW_OPEN' | 'WINDOW_CLOSE';

/** Flags of `STREAM_OPTIONS(..)` that take no argument. */
export type StreamFlagOption =
  | 'CALC_NOTIFY_ONLY'
  | 'DELETE_RECALC'
  | 'DELETE_OUTPUT_TABLE'
  | 'FORCE_OUTPUT'
  | 'IGNORE_DISORDER'
  | 'LOW_LATENCY_CALC'
  | 'IGNORE_NODATA_TRIGGER';

/** One entry of `STREAM_OPTIONS(opt | opt ...)` (3.3.7). */
export type StreamOption =
  | { option: StreamFlagOption }
  | { option: 'WATERMARK' | 'EXPIRED_TIME' | 'MAX_DELAY'; duration: Duration }
  /** `FILL_HISTORY[(start)]`, `FILL_HISTORY_FIRST[(start)]`: start as written (a timestamp string or an integer). */
  | { option: 'FILL_HISTORY' | 'FILL_HISTORY_FIRST'; start?: string }
  | { option: 'PRE_FILTER'; condition: Expression }
  | { option: 'EVENT_TYPE'; events: StreamEventType[] };

/** `NOTIFY('url', ...) [ON (WINDOW_OPEN|WINDOW_CLOSE)] [WHERE cond] [NOTIFY_OPTIONS(NOTIFY_HISTORY|ON_FAILURE_PAUSE)]` */
export interface StreamNotification {
  urls: string[];
  on?: StreamEventType[];
  where?: Expression;
  options?: string[];
}

/** `TAGS (name type AS expr, ...)` of a 3.3.7 stream's output super table. */
export interface StreamTagDef {
  name: Identifier;
  type: TypeSpec;
  expr: Expression;
}

/**
 * `CREATE STREAM [IF NOT EXISTS] [db.]s trigger_type [FROM [db.]t] [PARTITION BY ..] [STREAM_OPTIONS(..)]
 *  [NOTIFY(..) ..] [INTO [db.]out [OUTPUT_SUBTABLE(expr)] [(cols)] [TAGS (name type AS expr, ..)]] [AS query]`:
 * the stream model of TDengine 3.3.7 (trigger and computation apart; the query reads the trigger's window through
 * placeholders: `%%trows`, `%%tbname`, `%%1` … (placeholder table or column references) and `_twstart`, `_twend`,
 * `_twduration`, `_twrownum`, `_tcurrent_ts`, `_tgrpid`, `_tlocaltime` (pseudo columns, plain column references).
 * The engine reads it, and answers it as a 3.3.7 server without an snode does (docs/engine-streams.md).
 */
export interface CreateTriggerStreamStatement {
  kind: 'createTriggerStream';
  ifNotExists: boolean;
  /** `[db.]s`: a 3.3.7 stream belongs to a database (the current one when not written). */
  name: QualifiedName;
  trigger: StreamTriggerType;
  /** The trigger table (`FROM`); a PERIOD stream may have none. */
  from?: QualifiedName;
  partitionBy?: PartitionItem[];
  options: StreamOption[];
  notify?: StreamNotification;
  into?: QualifiedName;
  outputSubtable?: Expression;
  columns?: StreamColumn[];
  tags?: StreamTagDef[];
  query?: QueryExpression;
  queryText?: string;
}

/** `DROP STREAM [IF EXISTS] [db.]s` (`db.` is 3.3.7's: a stream of that database). */
export interface DropStreamStatement {
  kind: 'dropStream';
  ifExists: boolean;
  db?: Identifier;
  name: Identifier;
}

/** `START STREAM [IF EXISTS] [IGNORE UNTREATED] [db.]s` (3.3.7) */
export interface StartStreamStatement {
  kind: 'startStream';
  ifExists: boolean;
  ignoreUntreated: boolean;
  db?: Identifier;
  name: Identifier;
}

/** `STOP STREAM [IF EXISTS] [db.]s` (3.3.7) */
export interface StopStreamStatement {
  kind: 'stopStream';
  ifExists: boolean;
  db?: Identifier;
  name: Identifier;
}

/** `RECALCULATE STREAM [db.]s FROM start [TO end]` (3.3.7): the times as written (timestamp strings or integers). */
export interface RecalculateStreamStatement {
  kind: 'recalculateStream';
  db?: Identifier;
  name: Identifier;
  from: string;
  to?: string;
}

export interface PauseStreamStatement {
  kind: 'pauseStream';
  ifExists: boolean;
  name: Identifier;
}

/** `RESUME STREAM [IF EXISTS] [IGNORE UNTREATED] s` */
export interface ResumeStreamStatement {
  kind: 'resumeStream';
  ifExists: boolean;
  ignoreUntreated: boolean;
  name: Identifier;
}
