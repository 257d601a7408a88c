import { hashPassword } from '../auth/password';
import { addHosts, createHosts, dropHosts } from '../auth/white-list';
import type { GrantDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import { affected, type StatementResult } from '../format/result';
import type { AlterUserStatement, CreateUserStatement, DropUserStatement, GrantStatement } from '../sql';
import { requireSuperuser } from './access';
import type { ExecContext } from './context';

/** Users and privileges (facts §3.4): name ≤ 23 bytes, password 8–31 bytes (3.3.7.5's lower bound). */
const MAX_USER = 23;
const MAX_PASSWORD = 31;
/** TDengine 3.3.7.5 refuses a password under 8 bytes ('short', 'x': 9745 in the goldens). */
const MIN_PASSWORD = 8;

function checkUserName(name: string): void {
  if (name.length === 0 || Buffer.byteLength(name) > MAX_USER) {
    throw new TdError(TdCode.NAME_OR_PASSWD_TOO_LONG, 'Name or password too long');
  }
}

function checkPassword(password: string): void {
  if (Buffer.byteLength(password) < MIN_PASSWORD) throw new TdError(TdCode.PASSWD_EMPTY, 'Password too short or empty');
  if (Buffer.byteLength(password) > MAX_PASSWORD) throw new TdError(TdCode.NAME_OR_PASSWD_TOO_LONG, 'Name or password too long');
}

function flag(option: string, value: number | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (value !== 0 && value !== 1) throw new TdError(TdCode.INVALID_OPTION, `Invalid option ${option}: ${value}, valid range: [0, 1]`);
  return value === 1;
}

export function createUser(ctx: ExecContext, stmt: CreateUserStatement): StatementResult {
  requireSuperuser(ctx);
  checkUserName(stmt.name.name);
  checkPassword(stmt.password);
  ctx.catalog.createUser({
    name: stmt.name.name,
    password: hashPassword(stmt.password),
    sysinfo: flag('sysinfo', stmt.sysinfo, true),
    createdb: flag('createdb', stmt.createdb, false),
    enable: true,
    hosts: createHosts(stmt.hosts),
  });
  return affected(0);
}

export function alterUser(ctx: ExecContext, stmt: AlterUserStatement): StatementResult {
  const user = { ...ctx.catalog.user(stmt.name.name) };
  const self = user.name === ctx.user.name;
  for (const a of stmt.actions) {
    if (!(ctx.user.superuser || (self && a.type === 'pass'))) throw TdError.permissionDenied();
    switch (a.type) {
      case 'pass':
        checkPassword(a.password);
        user.password = hashPassword(a.password);
        break;
      case 'enable':
        if (user.superuser) throw new TdError(TdCode.INVALID_ALTER_OPER, 'Invalid alter operation');
        user.enable = flag('enable', a.value, user.enable);
        break;
      case 'sysinfo':
        user.sysinfo = flag('sysinfo', a.value, user.sysinfo);
        break;
      case 'createdb':
        user.createdb = flag('createdb', a.value, user.createdb);
        break;
      case 'addHost':
        user.hosts = addHosts(user.hosts, a.hosts);
        break;
      case 'dropHost':
        user.hosts = dropHosts(user.hosts, a.hosts);
        break;
    }
  }
  ctx.catalog.updateUser(user);
  return affected(0);
}

export function dropUser(ctx: ExecContext, stmt: DropUserStatement): StatementResult {
  requireSuperuser(ctx);
  if (ctx.catalog.user(stmt.name.name).superuser) throw new TdError(TdCode.INVALID_ALTER_OPER, 'Invalid alter operation');
  ctx.catalog.dropUser(stmt.name.name);
  return affected(0);
}

/** GRANT/REVOKE READ|WRITE|ALL|ALTER ON db.*|db.tb [WITH cond] and SUBSCRIBE ON topic. */
export function grantOrRevoke(ctx: ExecContext, stmt: GrantStatement): StatementResult {
  requireSuperuser(ctx);
  const target = ctx.catalog.user(stmt.user.name);
  if (target.superuser) throw new TdError(TdCode.INVALID_ALTER_OPER, 'Invalid alter operation');
  const grants: GrantDef[] = [];
  if (stmt.target.type === 'topic') {
    grants.push({ privilege: 'SUBSCRIBE', db: '', table: stmt.target.topic.name, condition: '' });
  } else {
    const db = stmt.target.db === '*' ? '*' : stmt.target.db.name;
    const table = stmt.target.table === '*' ? '*' : stmt.target.table.name;
    if (db !== '*') {
      ctx.catalog.database(db);
      if (table !== '*') ctx.catalog.table(db, table);
    } else if (table !== '*') throw TdError.syntax(table);
    if (stmt.conditionText && table === '*') throw TdError.syntax(stmt.conditionText);
    for (const p of stmt.privileges) {
      if (p === 'SUBSCRIBE') throw TdError.syntax('SUBSCRIBE');
      grants.push({ privilege: p, db, table, condition: stmt.conditionText ?? '' });
    }
  }
  if (stmt.kind === 'grant') ctx.catalog.grant(target.name, grants);
  else ctx.catalog.revoke(target.name, grants);
  return affected(0);
}
