import type { QueryContext } from '../../context';
import { bigint, bool, int, LEN, smallint, SYS, timestamp, tinyint, varchar } from '../columns';
import { clusterCreateTime, clusterIdentity, DNODE_ID, endpoint, PROCESS_START_MS, SERVER_VERSION, supportVnodes } from '../node';
import { visibleDatabases, type SystemTableDef } from '../table-def';
import { vgroupIds, vgroupLayout, vgroupOf, type VgroupRange } from '../vgroups';

/** The node and vgroup tables of the one-node cluster (all sysinfo tables). */

export const dnodesTable: SystemTableDef = {
  name: 'ins_dnodes',
  sysInfo: true,
  columns: [
    int('id', SYS),
    varchar('endpoint', LEN.EP, SYS),
    smallint('vnodes', SYS),
    smallint('support_vnodes', SYS),
    varchar('status', 10, SYS),
    timestamp('create_time', SYS),
    timestamp('reboot_time', SYS),
    varchar('note', 256, SYS),
  ],
  rows(ctx) {
    const vnodes = ctx.catalog.databases().reduce((n, d) => n + d.options.vgroups, 0);
    return [[DNODE_ID, endpoint(), vnodes, supportVnodes(), 'ready', clusterCreateTime(ctx.catalog), PROCESS_START_MS, '']];
  },
};

export const mnodesTable: SystemTableDef = {
  name: 'ins_mnodes',
  sysInfo: true,
  columns: [
    int('id', SYS),
    varchar('endpoint', LEN.EP, SYS),
    varchar('role', 12, SYS),
    varchar('status', 9, SYS),
    timestamp('create_time', SYS),
    timestamp('role_time', SYS),
  ],
  rows: (ctx) => [[DNODE_ID, endpoint(), 'leader', 'ready', clusterCreateTime(ctx.catalog), PROCESS_START_MS]],
};

const NODE_COLUMNS = [int('id', SYS), varchar('endpoint', LEN.EP, SYS), timestamp('create_time', SYS)];

/** ins_snodes adds the snode's replica pairing (3.3.7): none here, as the one-node cluster has no snode. */
const SNODE_COLUMNS = [...NODE_COLUMNS, int('replicaId', SYS), varchar('asReplicaOf', LEN.DB_NAME, SYS)];

/** A fresh TDengine cluster has qnode 1 on dnode 1 and no snode. */
export const qnodesTable: SystemTableDef = {
  name: 'ins_qnodes',
  sysInfo: true,
  columns: NODE_COLUMNS,
  rows: (ctx) => [[DNODE_ID, endpoint(), clusterCreateTime(ctx.catalog)]],
};

export const snodesTable: SystemTableDef = { name: 'ins_snodes', sysInfo: true, columns: SNODE_COLUMNS, rows: () => [] };

export const clusterTable: SystemTableDef = {
  name: 'ins_cluster',
  sysInfo: true,
  columns: [
    bigint('id', SYS),
    varchar('name', 40, SYS),
    int('uptime', SYS),
    timestamp('create_time', SYS),
    varchar('version', 10, SYS),
    timestamp('expire_time', SYS),
  ],
  rows(ctx) {
    const created = clusterCreateTime(ctx.catalog);
    const { id, name } = clusterIdentity(ctx.storage.dataDir, created);
    const uptime = Math.floor((ctx.nowMs - PROCESS_START_MS) / 1000);
    return [[id, name, uptime, created, SERVER_VERSION, null]];
  },
};

/**
 * ins_machines (SHOW CLUSTER MACHINES): the machine codes the enterprise grant module registers per cluster; a
 * community server and this engine have none, so no row.
 */
export const machinesTable: SystemTableDef = {
  name: 'ins_machines',
  sysInfo: true,
  columns: [varchar('id', 41, SYS), int('dnode_num', SYS), varchar('machine', 7552, SYS), varchar('version', 32, SYS)],
  rows: () => [],
};

/** How many child and normal tables of the database hash into each of its vgroups. */
function tablesPerVgroup(ctx: QueryContext, range: VgroupRange): Map<number, number> {
  const counts = new Map(vgroupIds(range).map((id) => [id, 0]));
  const names = [...ctx.catalog.childTables(range.db).map((c) => c.name), ...Object.keys(ctx.catalog.database(range.db).tables)];
  for (const name of names) {
    const id = vgroupOf(range, name);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Visible databases' vgroups in id order. */
export function visibleVgroups(ctx: QueryContext): VgroupRange[] {
  const layout = vgroupLayout(ctx.catalog);
  return visibleDatabases(ctx)
    .map((d) => layout.get(d.name))
    .filter((r): r is VgroupRange => r !== undefined)
    .sort((a, b) => a.first - b.first);
}

export const vgroupsTable: SystemTableDef = {
  name: 'ins_vgroups',
  sysInfo: true,
  columns: [
    int('vgroup_id', SYS),
    varchar('db_name', LEN.DB_NAME, SYS),
    int('tables', SYS),
    ...[1, 2, 3, 4].flatMap((n) => [
      smallint(`v${n}_dnode`, SYS),
      varchar(`v${n}_status`, 9, SYS),
      varchar(`v${n}_applied/committed`, 41, SYS),
    ]),
    int('cacheload', SYS),
    int('cacheelements', SYS),
    tinyint('tsma', SYS),
    int('mount_vgroup_id', SYS),
  ],
  rows(ctx) {
    const rows: unknown[][] = [];
    for (const range of visibleVgroups(ctx)) {
      for (const [id, tables] of tablesPerVgroup(ctx, range)) {
        // one replica; no WAL index to show as applied/committed; not a mounted vgroup
        rows.push([id, range.db, tables, DNODE_ID, 'leader', null, ...Array(9).fill(null), 0, 0, 0, null]);
      }
    }
    return rows;
  },
};

export const vnodesTable: SystemTableDef = {
  name: 'ins_vnodes',
  sysInfo: true,
  columns: [
    int('dnode_id', SYS),
    int('vgroup_id', SYS),
    varchar('db_name', LEN.DB_NAME, SYS),
    varchar('status', 9, SYS),
    timestamp('role_time', SYS),
    timestamp('start_time', SYS),
    bool('restored', SYS),
    varchar('apply_finish_time', 18, SYS),
    int('unapplied', SYS),
    bigint('buffer_segment_used', SYS),
    bigint('buffer_segment_size', SYS),
  ],
  rows(ctx) {
    return visibleVgroups(ctx).flatMap((range) =>
      // restored at start: nothing left to apply; DuckDB has no write-buffer segments to report
      vgroupIds(range).map((id) => [DNODE_ID, id, range.db, 'leader', PROCESS_START_MS, PROCESS_START_MS, true, null, 0, null, null]),
    );
  },
};
