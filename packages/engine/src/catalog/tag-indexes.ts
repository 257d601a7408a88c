import type { DatabaseEntry, StableDef, TagIndexDef } from './model';

/**
 * The tag indexes of a super table. TDengine creates one on the first tag with the super table, named
 * `<tag>_<stable>` (ins_indexes: `t1_st`); a super table whose indexes were never changed keeps exactly that one.
 */
export function stableTagIndexes(stable: StableDef): TagIndexDef[] {
  return stable.tagIndexes ?? [{ name: `${stable.tags[0].name}_${stable.name}`, tag: stable.tags[0].name, createTime: stable.createTime }];
}

/** The index of that name in the database, and its super table (index names are unique per database). */
export function findTagIndex(db: DatabaseEntry, name: string): { stable: StableDef; index: TagIndexDef } | undefined {
  for (const stable of Object.values(db.stables)) {
    const index = stableTagIndexes(stable).find((i) => i.name === name);
    if (index) return { stable, index };
  }
  return undefined;
}

/** The indexes once a tag is renamed (its index follows it) or dropped (its index goes with it). */
export function indexesAfterTagChange(stable: StableDef, tag: string, renamedTo?: string): TagIndexDef[] {
  const indexes = stableTagIndexes(stable);
  if (renamedTo === undefined) return indexes.filter((i) => i.tag !== tag);
  return indexes.map((i) => (i.tag === tag ? { ...i, tag: renamedTo } : i));
}
