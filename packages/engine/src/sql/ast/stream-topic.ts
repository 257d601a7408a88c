import type { Duration, Identifier, QualifiedName } from './common';
import type { Expression } from './expression';
import type { QueryExpression } from './select';
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

export interface DropStreamStatement {
  kind: 'dropStream';
  ifExists: boolean;
  name: Identifier;
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
