import type {
  AlterUserAction,
  AlterUserStatement,
  CreateUserStatement,
  DbPrivilegeTarget,
  GrantStatement,
  Identifier,
  Privilege,
  TopicPrivilegeTarget,
} from '../ast';
import type { Cursor } from './cursor';
import { parseExpression } from './expression';
import { identifierOf, parseIdentifier, parseInteger, parseStringLiteral } from './names';

function parseHosts(c: Cursor): string[] {
  const hosts = [parseStringLiteral(c)];
  while (c.acceptPunct(',')) hosts.push(parseStringLiteral(c));
  return hosts;
}

/** After `CREATE USER`: `u PASS 'pwd' [SYSINFO n] [CREATEDB n] [HOST 'h', ...]` (options in any order). */
export function parseCreateUser(c: Cursor): CreateUserStatement {
  const name = parseIdentifier(c, 'user');
  c.expectWord('PASS');
  const stmt: CreateUserStatement = { kind: 'createUser', name, password: parseStringLiteral(c) };
  for (;;) {
    if (c.acceptWord('SYSINFO')) stmt.sysinfo = parseInteger(c);
    else if (c.acceptWord('CREATEDB')) stmt.createdb = parseInteger(c);
    else if (c.acceptWord('HOST')) stmt.hosts = parseHosts(c);
    else return stmt;
  }
}

function parseAlterUserAction(c: Cursor): AlterUserAction | undefined {
  if (c.acceptWord('PASS')) return { type: 'pass', password: parseStringLiteral(c) };
  if (c.acceptWord('ENABLE')) return { type: 'enable', value: parseInteger(c) };
  if (c.acceptWord('SYSINFO')) return { type: 'sysinfo', value: parseInteger(c) };
  if (c.acceptWord('CREATEDB')) return { type: 'createdb', value: parseInteger(c) };
  if (c.acceptWords('ADD', 'HOST')) return { type: 'addHost', hosts: parseHosts(c) };
  if (c.acceptWords('DROP', 'HOST')) return { type: 'dropHost', hosts: parseHosts(c) };
  return undefined;
}

/** After `ALTER USER`: one or more actions. */
export function parseAlterUser(c: Cursor): AlterUserStatement {
  const name = parseIdentifier(c, 'user');
  const actions: AlterUserAction[] = [];
  for (;;) {
    const action = parseAlterUserAction(c);
    if (!action) break;
    actions.push(action);
  }
  if (actions.length === 0) c.fail();
  return { kind: 'alterUser', name, actions };
}

const PRIVILEGES: readonly Privilege[] = ['ALL', 'READ', 'WRITE', 'ALTER', 'SUBSCRIBE'];

/** `*` or a name, in a privilege target. */
function parseStarOrName(c: Cursor): Identifier | '*' {
  if (c.acceptPunct('*')) return '*';
  if (!c.isName()) c.fail();
  return identifierOf(c.next(), c);
}

/** After GRANT/REVOKE: `privs ON target [WITH cond] TO|FROM user`. */
export function parseGrant(c: Cursor, kind: 'grant' | 'revoke'): GrantStatement {
  const privileges: Privilege[] = [];
  do {
    const t = c.peek();
    if (t.kind !== 'word' || !(PRIVILEGES as string[]).includes(t.value)) c.fail(t);
    c.next();
    privileges.push(t.value as Privilege);
    if (t.value === 'ALL') c.acceptWord('PRIVILEGES');
  } while (c.acceptPunct(','));
  c.expectWord('ON');
  let target: DbPrivilegeTarget | TopicPrivilegeTarget;
  const first = parseStarOrName(c);
  if (c.acceptPunct('.')) target = { type: 'db', db: first, table: parseStarOrName(c) };
  else if (first === '*') return c.fail();
  else target = { type: 'topic', topic: first };
  const stmt: GrantStatement = { kind, privileges, target, user: { name: '', quoted: false } };
  if (c.acceptWord('WITH')) {
    const start = c.peek().start;
    stmt.condition = parseExpression(c);
    stmt.conditionText = c.text(start, c.prev().end);
  }
  c.expectWord(kind === 'grant' ? 'TO' : 'FROM');
  stmt.user = parseIdentifier(c, 'user');
  return stmt;
}
