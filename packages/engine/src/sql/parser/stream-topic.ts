import type {
  CreateStreamStatement,
  CreateTopicStatement,
  DropConsumerGroupStatement,
  DropTopicStatement,
  ResumeStreamStatement,
  StreamColumn,
  StreamOptions,
} from '../ast';
import type { Cursor } from './cursor';
import { parseColumnDef } from './ddl-table';
import { parseExpression } from './expression';
import {
  parseDuration,
  parseIdentifier,
  parseIdentifierList,
  parseIfExists,
  parseIfNotExists,
  parseInteger,
  parseQualifiedName,
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

/** After `CREATE STREAM` (classic syntax). */
export function parseCreateStream(c: Cursor): CreateStreamStatement {
  const ifNotExists = parseIfNotExists(c);
  const name = parseIdentifier(c, 'object');
  const options = parseStreamOptions(c);
  c.expectWord('INTO');
  const into = parseQualifiedName(c);
  const stmt: Omit<CreateStreamStatement, 'query' | 'queryText'> = { kind: 'createStream', ifNotExists, name, options, into };
  if (c.acceptPunct('(')) {
    const cols: StreamColumn[] = [];
    do {
      const col: StreamColumn = { name: parseIdentifier(c) };
      if (c.acceptWords('PRIMARY', 'KEY') || c.acceptWords('COMPOSITE', 'KEY')) col.primaryKey = true;
      cols.push(col);
    } while (c.acceptPunct(','));
    c.expectPunct(')');
    stmt.columns = cols;
  }
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
