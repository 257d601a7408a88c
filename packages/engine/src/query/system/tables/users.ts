import { effectiveHosts } from '../../../auth/white-list';
import type { GrantDef, UserDef } from '../../../catalog/model';
import { LEN, timestamp, tinyint, varchar, SYS } from '../columns';
import type { SystemTableDef } from '../table-def';

/** ins_users and ins_user_privileges (sysinfo tables: SYSINFO 0 users cannot read them). */

export const usersTable: SystemTableDef = {
  name: 'ins_users',
  sysInfo: true,
  columns: [
    varchar('name', LEN.USER, SYS),
    tinyint('super', SYS),
    tinyint('enable', SYS),
    tinyint('sysinfo', SYS),
    tinyint('createdb', SYS),
    timestamp('create_time', SYS),
    varchar('allowed_host', LEN.PRIVILEGE_HOST, SYS),
  ],
  rows(ctx) {
    return ctx.catalog
      .users()
      .map((u) => [u.name, flag(u.superuser), flag(u.enable), flag(u.sysinfo), flag(u.createdb), u.createTime, effectiveHosts(u.hosts).join(',')]);
  },
};

const flag = (b: boolean): number => (b ? 1 : 0);

/** TDengine keeps READ and WRITE apart: ALL shows as one row each. */
function privilegeNames(g: GrantDef): string[] {
  return g.privilege === 'ALL' ? ['read', 'write'] : [g.privilege.toLowerCase()];
}

function privilegeRows(u: UserDef): unknown[][] {
  if (u.superuser) return [[u.name, 'all', 'all', 'all', '', '']];
  const rows: unknown[][] = [];
  for (const g of u.grants) {
    // SUBSCRIBE ON a topic: 3.3.7.5 lists the topic under db_name, with an empty table_name
    if (g.privilege === 'SUBSCRIBE') rows.push([u.name, 'subscribe', g.table, '', g.condition, '']);
    else for (const p of privilegeNames(g)) rows.push([u.name, p, g.db, g.table, g.condition, '']);
  }
  return rows;
}

export const userPrivilegesTable: SystemTableDef = {
  name: 'ins_user_privileges',
  sysInfo: true,
  columns: [
    varchar('user_name', LEN.USER, SYS),
    varchar('privilege', 10, SYS),
    varchar('db_name', LEN.DB_NAME + 1, SYS),
    varchar('table_name', LEN.TABLE_NAME + 1, SYS),
    varchar('condition', LEN.PRIVILEGE_CONDITION, SYS),
    varchar('notes', 64, SYS),
  ],
  rows(ctx) {
    return ctx.catalog.users().flatMap(privilegeRows);
  },
};
