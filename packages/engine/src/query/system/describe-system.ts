import type { UserDef } from '../../catalog/model';
import { TdError } from '../../errors';
import { DESCRIBE_COLUMNS } from '../../exec/describe';
import type { ResultSet } from '../../format/result';
import { findSystemTable } from './registry';
import type { SystemDb } from './table-def';

/**
 * DESCRIBE information_schema.<t> / performance_schema.<t>: one row per column with its type, length and an empty
 * note, and only the four columns field/type/length/note (system tables carry no compression options), as TDengine
 * 3.3.7.5 answers. A user with SYSINFO 0 is refused the sysinfo tables and does not see their sysinfo columns, as when
 * reading them.
 */
export function describeSystemTable(user: UserDef, db: SystemDb, name: string): ResultSet {
  const def = findSystemTable(db, name);
  if (!def) throw TdError.tableNotExist(name);
  if (def.sysInfo && !user.sysinfo) throw TdError.permissionDenied();
  const columns = def.columns.filter((c) => user.sysinfo || !c.sysInfo);
  return {
    kind: 'rows',
    precision: 'ms',
    columns: DESCRIBE_COLUMNS.slice(0, 4),
    rows: columns.map((c) => [c.name, c.type, c.length, '']),
  };
}
