import type { Catalog } from '../../catalog/catalog';

/**
 * Virtual vgroups. DuckDB keeps one file per database, but TDengine clients expect each database to have VGROUPS
 * vgroups with cluster-wide ids and every table to live in one of them. Ids are handed out in database creation
 * order starting at 2 (as a fresh TDengine cluster does); a table's vgroup is a hash of its name.
 */
export interface VgroupRange {
  db: string;
  first: number;
  count: number;
}

export function vgroupLayout(catalog: Catalog): Map<string, VgroupRange> {
  const dbs = [...catalog.databases()].sort((a, b) => a.createTime - b.createTime || a.name.localeCompare(b.name));
  const layout = new Map<string, VgroupRange>();
  let next = 2;
  for (const db of dbs) {
    layout.set(db.name, { db: db.name, first: next, count: db.options.vgroups });
    next += db.options.vgroups;
  }
  return layout;
}

/** FNV-1a: stable across runs and processes (TDengine hashes the full table name with MurmurHash). */
export function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(name)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function vgroupOf(range: VgroupRange, table: string): number {
  return range.first + (hashName(table) % range.count);
}

export function vgroupIds(range: VgroupRange): number[] {
  return Array.from({ length: range.count }, (_, i) => range.first + i);
}
