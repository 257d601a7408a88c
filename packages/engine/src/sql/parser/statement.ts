import type { ExplainStatement, KillStatement, Statement } from '../ast';
import { isQueryStart, type Cursor } from './cursor';
import {
  parseAlterDatabase,
  parseCompactDatabase,
  parseCreateDatabase,
  parseDropDatabase,
} from './ddl-database';
import { parseAlterAction, parseCreateIndex, parseCreateStable, parseCreateTable, parseDropIndex, parseDropTable } from './ddl-table';
import { parseDelete, parseInsert } from './insert';
import { parseIdentifier, parseIfExists, parseInteger, parseQualifiedName, parseStringLiteral } from './names';
import { parseQueryExpression } from './select';
import { parseShow } from './show';
import {
  parseCreateStream,
  parseCreateTopic,
  parseDropConsumerGroup,
  parseDropTopic,
  parseQueryWithText,
  parseRecalculateStream,
  parseResumeStream,
  parseStartStream,
  parseStopStream,
  parseStreamName,
} from './stream-topic';
import { parseAlterUser, parseCreateUser, parseGrant } from './user';

/** Dispatches on the first word(s) to the statement family's parser. */
export function parseStatement(c: Cursor): Statement {
  if (isQueryStart(c)) return parseQueryExpression(c);
  const t = c.peek();
  if (t.kind !== 'word') return c.fail(t);
  switch (t.value) {
    case 'INSERT':
      return parseInsert(c);
    case 'DELETE':
      return parseDelete(c);
    case 'CREATE':
      c.next();
      return parseCreate(c);
    case 'ALTER':
      c.next();
      return parseAlter(c);
    case 'DROP':
      c.next();
      return parseDrop(c);
    case 'USE':
      c.next();
      return { kind: 'use', name: parseIdentifier(c, 'db') };
    case 'SHOW':
      c.next();
      return parseShow(c);
    case 'DESCRIBE':
    case 'DESC':
      c.next();
      return { kind: 'describe', name: parseQualifiedName(c) };
    case 'GRANT':
    case 'REVOKE':
      c.next();
      return parseGrant(c, t.value === 'GRANT' ? 'grant' : 'revoke');
    case 'FLUSH':
      c.next();
      c.expectWord('DATABASE');
      return { kind: 'flushDatabase', name: parseIdentifier(c, 'db') };
    case 'TRIM':
      c.next();
      c.expectWord('DATABASE');
      return { kind: 'trimDatabase', name: parseIdentifier(c, 'db') };
    case 'COMPACT':
      c.next();
      c.expectWord('DATABASE');
      return parseCompactDatabase(c);
    case 'PAUSE':
      c.next();
      c.expectWord('STREAM');
      return { kind: 'pauseStream', ifExists: parseIfExists(c), name: parseIdentifier(c, 'object') };
    case 'RESUME':
      c.next();
      c.expectWord('STREAM');
      return parseResumeStream(c);
    case 'START':
      c.next();
      c.expectWord('STREAM');
      return parseStartStream(c);
    case 'STOP':
      c.next();
      c.expectWord('STREAM');
      return parseStopStream(c);
    case 'RECALCULATE':
      c.next();
      c.expectWord('STREAM');
      return parseRecalculateStream(c);
    case 'KILL':
      c.next();
      return parseKill(c);
    case 'EXPLAIN':
      c.next();
      return parseExplain(c);
    default:
      return c.fail(t);
  }
}

function parseCreate(c: Cursor): Statement {
  const t = c.next();
  if (t.kind !== 'word') return c.fail(t);
  switch (t.value) {
    case 'DATABASE':
      return parseCreateDatabase(c);
    case 'STABLE':
      return parseCreateStable(c);
    case 'TABLE':
      return parseCreateTable(c);
    case 'USER':
      return parseCreateUser(c);
    case 'TOPIC':
      return parseCreateTopic(c);
    case 'STREAM':
      return parseCreateStream(c);
    case 'VIEW':
      return parseCreateView(c, false);
    case 'INDEX':
      return parseCreateIndex(c);
    case 'OR':
      c.expectWord('REPLACE');
      c.expectWord('VIEW');
      return parseCreateView(c, true);
    default:
      return c.fail(t);
  }
}

function parseCreateView(c: Cursor, orReplace: boolean): Statement {
  const name = parseQualifiedName(c);
  c.expectWord('AS');
  return { kind: 'createView', orReplace, name, ...parseQueryWithText(c) };
}

function parseAlter(c: Cursor): Statement {
  const t = c.next();
  if (t.kind !== 'word') return c.fail(t);
  switch (t.value) {
    case 'DATABASE':
      return parseAlterDatabase(c);
    case 'STABLE': {
      const name = parseQualifiedName(c);
      return { kind: 'alterStable', name, action: parseAlterAction(c) };
    }
    case 'TABLE': {
      const name = parseQualifiedName(c);
      return { kind: 'alterTable', name, action: parseAlterAction(c) };
    }
    case 'USER':
      return parseAlterUser(c);
    default:
      return c.fail(t);
  }
}

function parseDrop(c: Cursor): Statement {
  const t = c.next();
  if (t.kind !== 'word') return c.fail(t);
  switch (t.value) {
    case 'DATABASE':
      return parseDropDatabase(c);
    case 'TABLE':
      return parseDropTable(c);
    case 'STABLE': {
      const ifExists = parseIfExists(c);
      return { kind: 'dropStable', ifExists, name: parseQualifiedName(c) };
    }
    case 'VIEW': {
      const ifExists = parseIfExists(c);
      return { kind: 'dropView', ifExists, name: parseQualifiedName(c) };
    }
    case 'USER':
      return { kind: 'dropUser', name: parseIdentifier(c, 'user') };
    case 'INDEX':
      return parseDropIndex(c);
    case 'TOPIC':
      return parseDropTopic(c);
    case 'CONSUMER':
      c.expectWord('GROUP');
      return parseDropConsumerGroup(c);
    case 'STREAM': {
      const ifExists = parseIfExists(c);
      return { kind: 'dropStream', ifExists, ...parseStreamName(c) };
    }
    default:
      return c.fail(t);
  }
}

/** `KILL QUERY 'id' | CONNECTION n | TRANSACTION n` */
function parseKill(c: Cursor): KillStatement {
  if (c.acceptWord('QUERY')) {
    const t = c.peek();
    const id = t.kind === 'string' ? parseStringLiteral(c) : String(parseInteger(c));
    return { kind: 'kill', target: 'query', id };
  }
  if (c.acceptWord('CONNECTION')) return { kind: 'kill', target: 'connection', id: String(parseInteger(c)) };
  if (c.acceptWord('TRANSACTION')) return { kind: 'kill', target: 'transaction', id: String(parseInteger(c)) };
  return c.fail();
}

/** `EXPLAIN [ANALYZE] [VERBOSE true|false] [RATIO n] query` (after EXPLAIN). */
function parseExplain(c: Cursor): ExplainStatement {
  const stmt: Omit<ExplainStatement, 'query'> = { kind: 'explain', analyze: c.acceptWord('ANALYZE') };
  for (;;) {
    if (c.acceptWord('VERBOSE')) {
      const t = c.next();
      if (t.kind !== 'word' || (t.value !== 'TRUE' && t.value !== 'FALSE')) c.fail(t);
      stmt.verbose = t.value === 'TRUE';
    } else if (c.acceptWord('RATIO')) {
      const t = c.next();
      if (t.kind !== 'integer' && t.kind !== 'float') c.fail(t);
      stmt.ratio = Number(t.value);
    } else break;
  }
  if (!isQueryStart(c)) c.fail();
  return { ...stmt, query: parseQueryExpression(c) };
}
