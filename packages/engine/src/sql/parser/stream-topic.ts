import type {
  CreateStreamStatement,
  CreateTopicStatement,
  CreateTriggerStreamStatement,
  DropConsumerGroupStatement,
  DropTopicStatement,
  Duration,
  Expression,
  Identifier,
  PartitionItem,
  QualifiedName,
  RecalculateStreamStatement,
  ResumeStreamStatement,
  StartStreamStatement,
  StopStreamStatement,
  StreamColumn,
  StreamEventType,
  StreamFlagOption,
  StreamNotification,
  StreamOption,
  StreamOptions,
  StreamTagDef,
  StreamTriggerType,
} from '../ast';
import type { Cursor } from './cursor';
import { parseTypeSpec } from './data-type';
import { parseColumnDef } from './ddl-table';
import { parseExpression, parseOperandExpression } from './expression';
import {
  identifierOf,
  parseDuration,
  parseIdentifier,
  parseIdentifierList,
  parseIfExists,
  parseIfNotExists,
  parseInteger,
  parseQualifiedName,
  parseStringLiteral,
} from './names';
import { parseQueryExpression } from './select';

/** The query after AS plus its source text (kept for ins_topics.sql / ins_streams.sql / SHOW CREATE VIEW). */
export function parseQueryWithText(c: Cursor): { query: ReturnType<typeof parseQueryExpression>; queryText: string } {
  const start = c.peek().start;
  const query = parseQueryExpression(c);
  return { query, queryText: c.text(start, c.prev().end) };
}

/** After `CREATE TOPIC`. */
export function parseCreateTopic(c: Cursor): CreateTopicStatement {
  const ifNotExists = parseIfNotExists(c);
  const name = parseIdentifier(c, 'object');
  const withMeta = c.acceptWords('WITH', 'META');
  c.expectWord('AS');
  if (c.acceptWord('DATABASE')) {
    return { kind: 'createTopic', ifNotExists, name, withMeta, source: { type: 'database', name: parseIdentifier(c, 'db') } };
  }
  if (c.acceptWord('STABLE')) {
    const stable = parseQualifiedName(c);
    if (c.acceptWord('WHERE')) {
      const start = c.peek().start;
      const where = parseExpression(c);
      const whereText = c.text(start, c.prev().end);
      return { kind: 'createTopic', ifNotExists, name, withMeta, source: { type: 'stable', name: stable, where, whereText } };
    }
    return { kind: 'createTopic', ifNotExists, name, withMeta, source: { type: 'stable', name: stable } };
  }
  if (withMeta) c.fail();
  return { kind: 'createTopic', ifNotExists, name, withMeta, source: { type: 'query', ...parseQueryWithText(c) } };
}

/** After `DROP TOPIC`: `[IF EXISTS] [FORCE] t` */
export function parseDropTopic(c: Cursor): DropTopicStatement {
  const ifExists = parseIfExists(c);
  const force = c.acceptWord('FORCE');
  return { kind: 'dropTopic', ifExists, force, name: parseIdentifier(c, 'object') };
}

/** After `DROP CONSUMER GROUP`: `[IF EXISTS] [FORCE] grp ON topic` */
export function parseDropConsumerGroup(c: Cursor): DropConsumerGroupStatement {
  const ifExists = parseIfExists(c);
  const force = c.acceptWord('FORCE');
  const group = parseIdentifier(c, 'object');
  c.expectWord('ON');
  return { kind: 'dropConsumerGroup', ifExists, force, group, topic: parseIdentifier(c, 'object') };
}

/** Classic stream options, any order (facts §3.2). */
function parseStreamOptions(c: Cursor): StreamOptions {
  const o: StreamOptions = {};
  for (;;) {
    if (c.acceptWord('TRIGGER')) {
      if (c.acceptWord('AT_ONCE')) o.trigger = { type: 'AT_ONCE' };
      else if (c.acceptWord('WINDOW_CLOSE')) o.trigger = { type: 'WINDOW_CLOSE' };
      else if (c.acceptWord('FORCE_WINDOW_CLOSE')) o.trigger = { type: 'FORCE_WINDOW_CLOSE' };
      else if (c.acceptWord('MAX_DELAY')) o.trigger = { type: 'MAX_DELAY', delay: parseDuration(c) };
      else c.fail();
    } else if (c.acceptWord('WATERMARK')) o.watermark = parseDuration(c);
    else if (c.acceptWord('IGNORE')) {
      if (c.acceptWord('EXPIRED')) o.ignoreExpired = parseInteger(c);
      else if (c.acceptWord('UPDATE')) o.ignoreUpdate = parseInteger(c);
      else c.fail();
    }
    else if (c.acceptWord('DELETE_MARK')) o.deleteMark = parseDuration(c);
    else if (c.acceptWord('FILL_HISTORY')) {
      o.fillHistory = parseInteger(c);
      if (c.acceptWord('ASYNC')) o.fillHistoryAsync = true;
    } else return o;
  }
}

/** After `(`: the output table's column names, a key marked `PRIMARY KEY` or `COMPOSITE KEY`, then `)`. */
function parseOutputColumns(c: Cursor): StreamColumn[] {
  const columns: StreamColumn[] = [];
  do {
    const column: StreamColumn = { name: parseIdentifier(c) };
    if (c.acceptWords('PRIMARY', 'KEY') || c.acceptWords('COMPOSITE', 'KEY')) column.primaryKey = true;
    columns.push(column);
  } while (c.acceptPunct(','));
  c.expectPunct(')');
  return columns;
}

/** The words that start a 3.3.7 stream's trigger_type (each followed by `(`). */
const TRIGGER_WORDS = new Set(['PERIOD', 'INTERVAL', 'SLIDING', 'SESSION', 'STATE_WINDOW', 'EVENT_WINDOW', 'COUNT_WINDOW']);

/**
 * After `CREATE STREAM`: the classic syntax (3.0–3.3.6: options, then INTO) or the 3.3.7 one (a trigger type after
 * the name), told apart by what follows the name; a db-qualified name is 3.3.7's only.
 */
export function parseCreateStream(c: Cursor): CreateStreamStatement | CreateTriggerStreamStatement {
  const ifNotExists = parseIfNotExists(c);
  if (c.isName() && c.isPunct('.', 1)) return parseCreateTriggerStream(c, ifNotExists, parseQualifiedName(c, 'object'));
  const name = parseIdentifier(c, 'object');
  if (c.peek().kind === 'word' && TRIGGER_WORDS.has(c.peek().value) && c.isPunct('(', 1)) return parseCreateTriggerStream(c, ifNotExists, { name });
  const options = parseStreamOptions(c);
  c.expectWord('INTO');
  const into = parseQualifiedName(c);
  const stmt: Omit<CreateStreamStatement, 'query' | 'queryText'> = { kind: 'createStream', ifNotExists, name, options, into };
  if (c.acceptPunct('(')) stmt.columns = parseOutputColumns(c);
  if (c.acceptWord('TAGS')) {
    // definitions (`name type`) or bare names of PARTITION BY columns
    if (c.isPunct(',', 2) || c.isPunct(')', 2)) stmt.tagNames = parseIdentifierList(c);
    else {
      c.expectPunct('(');
      const tags = [parseColumnDef(c)];
      while (c.acceptPunct(',')) tags.push(parseColumnDef(c));
      c.expectPunct(')');
      stmt.tags = tags;
    }
  }
  if (c.acceptWord('SUBTABLE')) {
    c.expectPunct('(');
    stmt.subtable = parseExpression(c);
    c.expectPunct(')');
  }
  c.expectWord('AS');
  return { ...stmt, ...parseQueryWithText(c) };
}

/** After `RESUME STREAM`: `[IF EXISTS] [IGNORE UNTREATED] s` */
export function parseResumeStream(c: Cursor): ResumeStreamStatement {
  const ifExists = parseIfExists(c);
  const ignoreUntreated = c.acceptWords('IGNORE', 'UNTREATED');
  return { kind: 'resumeStream', ifExists, ignoreUntreated, name: parseIdentifier(c, 'object') };
}

/** `[db.]name` of a stream in DROP/START/STOP/RECALCULATE STREAM (`db.` is 3.3.7's). */
export function parseStreamName(c: Cursor): { db?: Identifier; name: Identifier } {
  const { db, name } = parseQualifiedName(c, 'object');
  return db ? { db, name } : { name };
}

/** After `START STREAM`: `[IF EXISTS] [IGNORE UNTREATED] [db.]s` (3.3.7) */
export function parseStartStream(c: Cursor): StartStreamStatement {
  const ifExists = parseIfExists(c);
  const ignoreUntreated = c.acceptWords('IGNORE', 'UNTREATED');
  return { kind: 'startStream', ifExists, ignoreUntreated, ...parseStreamName(c) };
}

/** After `STOP STREAM`: `[IF EXISTS] [db.]s` (3.3.7) */
export function parseStopStream(c: Cursor): StopStreamStatement {
  const ifExists = parseIfExists(c);
  return { kind: 'stopStream', ifExists, ...parseStreamName(c) };
}

/** After `RECALCULATE STREAM`: `[db.]s FROM time [TO time]` (3.3.7; a time is a string or an integer). */
export function parseRecalculateStream(c: Cursor): RecalculateStreamStatement {
  const stmt: RecalculateStreamStatement = { kind: 'recalculateStream', ...parseStreamName(c), from: '' };
  c.expectWord('FROM');
  stmt.from = parseTimePoint(c);
  if (c.acceptWord('TO')) stmt.to = parseTimePoint(c);
  return stmt;
}

/** A time point of FILL_HISTORY / RECALCULATE: a string or an integer, as written. */
function parseTimePoint(c: Cursor): string {
  return c.peek().kind === 'string' ? parseStringLiteral(c) : String(parseInteger(c));
}

/** The 3.3.7 stream after its name (see CreateTriggerStreamStatement); placeholders are read from here on. */
function parseCreateTriggerStream(c: Cursor, ifNotExists: boolean, name: QualifiedName): CreateTriggerStreamStatement {
  c.streamPlaceholders = true;
  const stmt: CreateTriggerStreamStatement = { kind: 'createTriggerStream', ifNotExists, name, trigger: parseTriggerType(c), options: [] };
  if (c.acceptWord('FROM')) stmt.from = parseQualifiedName(c);
  if (c.acceptWords('PARTITION', 'BY')) stmt.partitionBy = parseStreamPartition(c);
  if (c.acceptWord('STREAM_OPTIONS')) {
    c.expectPunct('(');
    do stmt.options.push(parseStreamOption(c));
    while (c.acceptPunct('|'));
    c.expectPunct(')');
  }
  if (c.acceptWord('NOTIFY')) stmt.notify = parseNotification(c);
  if (c.acceptWord('INTO')) {
    stmt.into = parseQualifiedName(c);
    if (c.acceptWord('OUTPUT_SUBTABLE')) stmt.outputSubtable = parseParenthesized(c, parseExpression);
    if (c.acceptPunct('(')) stmt.columns = parseOutputColumns(c);
    if (c.acceptWord('TAGS')) {
      c.expectPunct('(');
      const tags: StreamTagDef[] = [];
      do tags.push(parseStreamTag(c));
      while (c.acceptPunct(','));
      c.expectPunct(')');
      stmt.tags = tags;
    }
  }
  if (c.acceptWord('AS')) {
    const { query, queryText } = parseQueryWithText(c);
    stmt.query = query;
    stmt.queryText = queryText;
  }
  return stmt;
}

function parseParenthesized<T>(c: Cursor, inner: (c: Cursor) => T): T {
  c.expectPunct('(');
  const value = inner(c);
  c.expectPunct(')');
  return value;
}

/** `d` or `d, offset` inside a trigger's parentheses. */
function parseDurationPair(c: Cursor): [Duration, Duration | undefined] {
  const first = parseDuration(c);
  return [first, c.acceptPunct(',') ? parseDuration(c) : undefined];
}

function parseTrueFor(c: Cursor): { trueFor?: Duration } {
  return c.acceptWord('TRUE_FOR') ? { trueFor: parseParenthesized(c, (c) => parseDuration(c)) } : {};
}

function parseTriggerType(c: Cursor): StreamTriggerType {
  const t = c.next();
  switch (t.value) {
    case 'PERIOD': {
      const [period, offset] = parseParenthesized(c, parseDurationPair);
      return offset ? { type: 'period', period, offset } : { type: 'period', period };
    }
    case 'INTERVAL':
    case 'SLIDING': {
      const trigger: Extract<StreamTriggerType, { type: 'sliding' }> = { type: 'sliding', sliding: { value: 0, unit: null, text: '' } };
      if (t.value === 'INTERVAL') {
        const [interval, offset] = parseParenthesized(c, parseDurationPair);
        trigger.interval = interval;
        if (offset) trigger.intervalOffset = offset;
        c.expectWord('SLIDING');
      }
      const [sliding, offset] = parseParenthesized(c, parseDurationPair);
      trigger.sliding = sliding;
      if (offset) trigger.slidingOffset = offset;
      return trigger;
    }
    case 'SESSION': {
      c.expectPunct('(');
      const column = parseOperandExpression(c);
      if (column.type !== 'column') return c.fail();
      c.expectPunct(',');
      const gap = parseDuration(c);
      c.expectPunct(')');
      return { type: 'session', column, gap };
    }
    case 'STATE_WINDOW': {
      c.expectPunct('(');
      const expr = parseOperandExpression(c);
      const extend = c.acceptPunct(',') ? parseInteger(c) : undefined;
      c.expectPunct(')');
      return { type: 'state', expr, ...(extend !== undefined ? { extend } : {}), ...parseTrueFor(c) };
    }
    case 'EVENT_WINDOW': {
      c.expectPunct('(');
      c.expectWord('START');
      c.expectWord('WITH');
      const start = parseExpression(c);
      const end = c.acceptWords('END', 'WITH') ? parseExpression(c) : undefined;
      c.expectPunct(')');
      return { type: 'event', start, ...(end ? { end } : {}), ...parseTrueFor(c) };
    }
    case 'COUNT_WINDOW': {
      c.expectPunct('(');
      const trigger: Extract<StreamTriggerType, { type: 'count' }> = { type: 'count', count: parseInteger(c) };
      if (c.isPunct(',') && c.peek(1).kind === 'integer') {
        c.next();
        trigger.sliding = parseInteger(c);
      }
      const columns: Expression[] = [];
      while (c.acceptPunct(',')) columns.push(parseOperandExpression(c));
      if (columns.length > 0) trigger.columns = columns;
      c.expectPunct(')');
      return trigger;
    }
    default:
      return c.fail(t);
  }
}

/** `PARTITION BY expr [[AS] alias], ...` of a stream's trigger: a bare alias is a name not followed by `(`. */
function parseStreamPartition(c: Cursor): PartitionItem[] {
  const items: PartitionItem[] = [];
  do {
    const expr = parseOperandExpression(c);
    let alias: Identifier | undefined;
    if (c.acceptWord('AS')) alias = parseIdentifier(c);
    else if (c.isName() && !c.isPunct('(', 1)) alias = identifierOf(c.next(), c);
    items.push(alias ? { expr, alias } : { expr });
  } while (c.acceptPunct(','));
  return items;
}

const FLAG_OPTIONS: ReadonlySet<string> = new Set<StreamFlagOption>([
  'CALC_NOTIFY_ONLY',
  'DELETE_RECALC',
  'DELETE_OUTPUT_TABLE',
  'FORCE_OUTPUT',
  'IGNORE_DISORDER',
  'LOW_LATENCY_CALC',
  'IGNORE_NODATA_TRIGGER',
]);

function parseStreamOption(c: Cursor): StreamOption {
  const t = c.next();
  if (t.kind !== 'word') return c.fail(t);
  const option = t.value;
  if (FLAG_OPTIONS.has(option)) return { option: option as StreamFlagOption };
  switch (option) {
    case 'WATERMARK':
    case 'EXPIRED_TIME':
    case 'MAX_DELAY':
      return { option, duration: parseParenthesized(c, (c) => parseDuration(c)) };
    case 'FILL_HISTORY':
    case 'FILL_HISTORY_FIRST':
      return c.isPunct('(') ? { option, start: parseParenthesized(c, parseTimePoint) } : { option };
    case 'PRE_FILTER':
      return { option, condition: parseParenthesized(c, parseExpression) };
    case 'EVENT_TYPE':
      return { option, events: parseParenthesized(c, parseEventTypes) };
    default:
      return c.fail(t);
  }
}

/** `WINDOW_OPEN|WINDOW_CLOSE` */
function parseEventTypes(c: Cursor): StreamEventType[] {
  const events: StreamEventType[] = [];
  do {
    if (c.acceptWord('WINDOW_OPEN')) events.push('WINDOW_OPEN');
    else if (c.acceptWord('WINDOW_CLOSE')) events.push('WINDOW_CLOSE');
    else c.fail();
  } while (c.acceptPunct('|'));
  return events;
}

/** After NOTIFY: `('url', ...) [ON (events)] [WHERE cond] [NOTIFY_OPTIONS(opt|...)]` */
function parseNotification(c: Cursor): StreamNotification {
  c.expectPunct('(');
  const urls = [parseStringLiteral(c)];
  while (c.acceptPunct(',')) urls.push(parseStringLiteral(c));
  c.expectPunct(')');
  const notify: StreamNotification = { urls };
  if (c.acceptWord('ON')) notify.on = parseParenthesized(c, parseEventTypes);
  if (c.acceptWord('WHERE')) notify.where = parseExpression(c);
  if (c.acceptWord('NOTIFY_OPTIONS')) {
    notify.options = parseParenthesized(c, (c) => {
      const options: string[] = [];
      do {
        const o = c.next();
        if (o.kind !== 'word') c.fail(o);
        options.push(o.value);
      } while (c.acceptPunct('|'));
      return options;
    });
  }
  return notify;
}

/** `name type [COMMENT 'text'] AS expr` of a 3.3.7 stream's TAGS. */
function parseStreamTag(c: Cursor): StreamTagDef {
  const name = parseIdentifier(c);
  const type = parseTypeSpec(c);
  if (c.acceptWord('COMMENT')) parseStringLiteral(c);
  c.expectWord('AS');
  return { name, type, expr: parseExpression(c) };
}
