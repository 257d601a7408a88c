import type { Identifier, QualifiedName, ShowStatement, SimpleShowObject } from '../ast';
import type { Cursor } from './cursor';
import { identifierOf, parseIdentifier, parseInteger, parseQualifiedName, parseStringLiteral } from './names';
import { isKeyword } from '../tokenizer';

const SIMPLE: Record<string, SimpleShowObject> = {
  DNODES: 'dnodes',
  MNODES: 'mnodes',
  QNODES: 'qnodes',
  SNODES: 'snodes',
  VNODES: 'vnodes',
  USERS: 'users',
  TOPICS: 'topics',
  CONSUMERS: 'consumers',
  SUBSCRIPTIONS: 'subscriptions',
  STREAMS: 'streams',
  QUERIES: 'queries',
  CONNECTIONS: 'connections',
  APPS: 'apps',
  TRANSACTIONS: 'transactions',
  FUNCTIONS: 'functions',
  GRANTS: 'grants',
  LICENCES: 'licences',
  COMPACTS: 'compacts',
};

function parseLike(c: Cursor): { like?: string } {
  return c.acceptWord('LIKE') ? { like: parseStringLiteral(c) } : {};
}

/** `name [FROM db]` as SHOW TAGS/TABLE TAGS/INDEXES take it. */
function parseFromTable(c: Cursor): QualifiedName {
  c.expectWord('FROM');
  const from = parseQualifiedName(c);
  if (c.acceptWord('FROM')) return { db: parseIdentifier(c, 'db'), name: from.name };
  return from;
}

/** A name in SHOW TABLE TAGS' list: a tag, or the tbname pseudo column. */
function parseTagListName(c: Cursor): Identifier {
  if (c.acceptWord('TBNAME')) return { name: 'tbname', quoted: false };
  return parseIdentifier(c);
}

/** Every SHOW of facts §2.7 (after SHOW). */
export function parseShow(c: Cursor): ShowStatement {
  // `SHOW db.STABLES|TABLES|VGROUPS|VIEWS|STREAMS|ALIVE|DISK_INFO`
  let db: Identifier | undefined;
  if (c.isName() && c.isPunct('.', 1)) {
    db = identifierOf(c.next(), c);
    c.next();
  }
  const t = c.peek();
  if (t.kind !== 'word') return c.fail(t);
  c.next();
  const withDb = <T extends object>(s: T): T => (db ? { ...s, db } : s);
  switch (t.value) {
    case 'STABLES':
      return withDb({ kind: 'show', object: 'stables', ...parseLike(c) });
    case 'TABLES':
      return withDb({ kind: 'show', object: 'tables', ...parseLike(c) });
    case 'VGROUPS':
      return withDb({ kind: 'show', object: 'vgroups' });
    case 'VIEWS':
      return withDb({ kind: 'show', object: 'views', ...parseLike(c) });
    case 'STREAMS':
      return withDb({ kind: 'show', object: 'streams' });
    case 'ALIVE':
    case 'DISK_INFO':
      if (!db) return c.fail(t);
      return { kind: 'show', object: t.value === 'ALIVE' ? 'dbAlive' : 'dbDiskInfo', db };
  }
  if (db) return c.fail(t);
  switch (t.value) {
    case 'DATABASES':
      return { kind: 'show', object: 'databases' };
    case 'USER':
      if (c.acceptWord('DATABASES')) return { kind: 'show', object: 'databases', scope: 'user' };
      c.expectWord('PRIVILEGES');
      return { kind: 'show', object: 'userPrivileges' };
    case 'SYSTEM':
      c.expectWord('DATABASES');
      return { kind: 'show', object: 'databases', scope: 'system' };
    case 'NORMAL':
    case 'CHILD':
      return parseShowKindTables(c, t.value === 'NORMAL' ? 'normal' : 'child');
    case 'CLUSTER':
      if (c.acceptWord('ALIVE')) return { kind: 'show', object: 'clusterAlive' };
      if (c.acceptWord('MACHINES')) return { kind: 'show', object: 'clusterMachines' };
      if (c.acceptWord('VARIABLES')) return { kind: 'show', object: 'variables', scope: 'cluster', ...parseLike(c) };
      return { kind: 'show', object: 'cluster' };
    case 'LOCAL':
      c.expectWord('VARIABLES');
      return { kind: 'show', object: 'variables', scope: 'local', ...parseLike(c) };
    case 'VARIABLES':
      return { kind: 'show', object: 'variables', scope: 'cluster', ...parseLike(c) };
    case 'DNODE': {
      const dnodeId = parseInteger(c);
      c.expectWord('VARIABLES');
      return { kind: 'show', object: 'variables', scope: 'dnode', dnodeId, ...parseLike(c) };
    }
    case 'CREATE':
      return parseShowCreate(c);
    case 'TABLE':
      if (c.acceptWord('TAGS')) {
        if (c.isWord('FROM')) return { kind: 'show', object: 'tableTags', from: parseFromTable(c) };
        const columns = [parseTagListName(c)];
        while (c.acceptPunct(',')) columns.push(parseTagListName(c));
        return { kind: 'show', object: 'tableTags', columns, from: parseFromTable(c) };
      }
      c.expectWord('DISTRIBUTED');
      return { kind: 'show', object: 'tableDistributed', name: parseQualifiedName(c) };
    case 'TAGS':
      return { kind: 'show', object: 'tags', from: parseFromTable(c) };
    case 'INDEXES':
      return { kind: 'show', object: 'indexes', from: parseFromTable(c) };
  }
  const simple = SIMPLE[t.value];
  if (simple) return { kind: 'show', object: simple };
  // a name TDengine's grammar reads as `SHOW db.…`: the error is at what follows it (9729 when nothing does)
  return isKeyword(t.value) ? c.fail(t) : c.fail();
}

/** `SHOW NORMAL|CHILD [db.]TABLES [LIKE ..]` */
function parseShowKindTables(c: Cursor, tableKind: 'normal' | 'child'): ShowStatement {
  let db: Identifier | undefined;
  if (c.isName() && c.isPunct('.', 1)) {
    db = identifierOf(c.next(), c);
    c.next();
  }
  c.expectWord('TABLES');
  const like = parseLike(c);
  return db ? { kind: 'show', object: 'tables', tableKind, db, ...like } : { kind: 'show', object: 'tables', tableKind, ...like };
}

/** `SHOW CREATE DATABASE db | STABLE name | TABLE name | VIEW name` */
function parseShowCreate(c: Cursor): ShowStatement {
  if (c.acceptWord('DATABASE')) return { kind: 'show', object: 'createDatabase', name: parseIdentifier(c, 'db') };
  if (c.acceptWord('STABLE')) return { kind: 'show', object: 'createStable', name: parseQualifiedName(c) };
  if (c.acceptWord('TABLE')) return { kind: 'show', object: 'createTable', name: parseQualifiedName(c) };
  if (c.acceptWord('VIEW')) return { kind: 'show', object: 'createView', name: parseQualifiedName(c) };
  return c.fail();
}
