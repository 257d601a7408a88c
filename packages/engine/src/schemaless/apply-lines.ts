import type { DuckDBValue } from '@duckdb/node-api';
import type { StableDef } from '../catalog/model';
import { abandonChildren, pendingTagRows, reserveChild, type PendingChild } from '../exec/child-tables';
import type { ExecContext } from '../exec/context';
import { nowIn, UNITS_PER_SECOND } from '../format/time-parse';
import { stableDataTable } from '../storage/schema';
import { SchemaChangedError, type StoredColumn, type TableRows } from '../storage/table-writer';
import { ensureSchema } from './ensure-schema';
import type { LineBatch, SeriesBlock } from './line-protocol/columnar';
import { childTableName, stableName } from './naming';
import { ident, newStable, schemaChanges, type Needs } from './schema-plan';
import { NS_PER_UNIT, type ApplyOptions, type Point } from './types';

/**
 * Writes a column-major line batch (line-protocol/columnar.ts) the way applyPoints writes points: the same schema
 * plan, child-table naming and reservation, and one writer call (so the same write events). Each series block is one
 * child table's rows, its field columns handed to the writer as they are. Whatever the row-by-row path would report
 * as an error (a type that does not fit the table, a table of another super table, a timestamp older than KEEP, two
 * series keys naming one child table) returns FALLBACK before anything is written: the caller then takes that path.
 */
export const FALLBACK = Symbol('fallback');

/** One series block resolved: super table, the tags it keeps, the child table name. */
interface Resolved {
  block: SeriesBlock;
  tags: [string, string][];
  name: string;
}

interface StableGroup {
  stable: string;
  blocks: Resolved[];
  needs: Needs;
}

/** The row-by-row path's Needs for the group's blocks (their first lines stand for them in errors); FALLBACK on a type clash. */
function needsOf(blocks: Resolved[]): Needs | typeof FALLBACK {
  const needs: Needs = { fields: new Map(), tags: new Map() };
  for (const { block, tags } of blocks) {
    const point: Point = { measurement: block.series.measurement, tags: block.series.tags, fields: [], line: block.line, text: block.text };
    block.keys.forEach((key, k) => {
      const seen = needs.fields.get(key);
      // the fast path reads no strings: every length is 0
      if (!seen) needs.fields.set(key, { type: block.types[k], length: 0, point });
      else if (seen.type !== block.types[k]) throw FALLBACK;
    });
    for (const [key, value] of tags) {
      const length = [...value].length;
      const seen = needs.tags.get(key);
      if (!seen || length > seen.length) needs.tags.set(key, { length, point });
    }
  }
  return needs;
}

function groupBlocks(batch: LineBatch, tableNameKey: string | undefined): StableGroup[] | typeof FALLBACK {
  const groups = new Map<string, Resolved[]>();
  const names = new Set<string>();
  for (const block of batch.blocks) {
    const stable = stableName(block.series.measurement);
    let tags = block.series.tags;
    let name: string | undefined;
    if (tableNameKey !== undefined) {
      const at = tags.findIndex(([k]) => k === tableNameKey);
      if (at >= 0) {
        name = tags[at][1];
        tags = tags.filter((_, i) => i !== at);
      }
    }
    name ??= childTableName(stable, tags);
    // two series keys of one child table: the row-by-row path orders their rows together
    if (names.has(name)) return FALLBACK;
    names.add(name);
    let list = groups.get(stable);
    if (!list) groups.set(stable, (list = []));
    list.push({ block, tags, name });
  }
  const out: StableGroup[] = [];
  try {
    for (const [stable, blocks] of groups) out.push({ stable, blocks, needs: needsOf(blocks) as Needs });
  } catch (error) {
    if (error === FALLBACK) return FALLBACK;
    throw error;
  }
  return out;
}

/**
 * Timestamps of a block in the database's precision (parse.ts then apply.ts's arithmetic), all within KEEP; else
 * FALLBACK. Packed (exact integers in a Float64Array, no bigint per row) when the request's unit is a whole multiple
 * of the database's and every product is a safe integer — the common case (ms into ms); else bigints.
 */
function timestamps(raw: Float64Array | (number | bigint)[], unitNs: bigint, dbNs: bigint, minTs: bigint): TableRows['ts'] | typeof FALLBACK {
  const n = raw.length;
  const mul = unitNs >= dbNs && unitNs % dbNs === 0n ? Number(unitNs / dbNs) : 0;
  const min = Number(minTs);
  if (mul > 0 && raw instanceof Float64Array && Number.isSafeInteger(min)) {
    // the request's unit is the database's (the common case): the parsed column is the stored one, checked only
    const out = mul === 1 ? raw : new Float64Array(n);
    let i = 0;
    for (; i < n; i++) {
      const ts = raw[i] * mul;
      if (!(ts <= Number.MAX_SAFE_INTEGER && ts >= -Number.MAX_SAFE_INTEGER)) break;
      if (ts < min) return FALLBACK;
      out[i] = ts;
    }
    if (i === n) return out;
  }
  const out: bigint[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const r: number | bigint = raw[i];
    // number arithmetic when it is exact, else apply.ts's bigint arithmetic
    const ts = mul > 0 && typeof r === 'number' && Number.isSafeInteger(r * mul) ? BigInt(r * mul) : (BigInt(r) * unitNs) / dbNs;
    if (ts < minTs) return FALLBACK;
    out[i] = ts;
  }
  return out;
}

/** The rows of one group's blocks (reserving the child tables they create), or FALLBACK. */
function groupRows(ctx: ExecContext, db: string, stable: StableDef, g: StableGroup, unitNs: bigint, children: PendingChild[]): TableRows[] | typeof FALLBACK {
  const options = ctx.catalog.database(db).options;
  const precision = options.precision;
  const scope = { precision, nowMs: ctx.nowMs, tz: ctx.tz };
  const minTs = nowIn(precision, ctx.nowMs) - BigInt(options.keep[2]) * 60n * UNITS_PER_SECOND[precision];
  const index = new Map(stable.columns.map((c, i) => [c.name, i - 1]));
  const width = stable.columns.length - 1;
  const out: TableRows[] = [];
  for (const { block, tags, name } of g.blocks) {
    let found = ctx.catalog.lookup(db, name);
    if (!found) {
      children.push(reserveChild(ctx, db, name, stable, tags.map(([key]) => ident(key)), tags.map(([, v]) => v), scope));
      found = ctx.catalog.lookup(db, name);
    }
    if (found?.kind !== 'child' || found.stable.name !== stable.name) return FALLBACK;
    const ts = timestamps(block.ts, unitNs, NS_PER_UNIT[precision], minTs);
    if (ts === FALLBACK) return FALLBACK;
    const n = ts.length;
    const columns: (StoredColumn | undefined)[] = new Array(width);
    block.keys.forEach((key, k) => {
      const at = index.get(key);
      if (at !== undefined && at >= 0) columns[at] = block.values[k];
    });
    if (block.keys.some((key) => !(index.get(key)! >= 0))) return FALLBACK;
    for (let c = 0; c < width; c++) columns[c] ??= new Array<DuckDBValue>(n).fill(null);
    out.push({ tid: found.child.tid, ts, columns: columns as StoredColumn[] });
  }
  return out;
}

/** Whether the schema plan takes the group without refusing it (refusals are the row-by-row path's to report). */
function planAccepted(ctx: ExecContext, db: string, g: StableGroup): boolean {
  const stable = ctx.catalog.database(db).stables[g.stable];
  try {
    if (stable) schemaChanges(stable, g.needs);
    else if (ctx.catalog.lookup(db, g.stable)) return false;
    else newStable(g.needs);
    return true;
  } catch {
    return false;
  }
}

const fits = (ctx: ExecContext, db: string, g: StableGroup): boolean => {
  const stable = ctx.catalog.database(db).stables[g.stable];
  return stable !== undefined && schemaChanges(stable, g.needs).length === 0;
};

async function applyOnce(ctx: ExecContext, db: string, batch: LineBatch, groups: StableGroup[], options: ApplyOptions): Promise<number | typeof FALLBACK> {
  if (!groups.every((g) => fits(ctx, db, g))) {
    await options.ddl(async () => {
      for (const g of groups) await ensureSchema(ctx, db, g, g.needs);
    });
  }
  return ctx.storage.withWriteLocks([db], async () => {
    const children: PendingChild[] = [];
    try {
      const data: { table: ReturnType<typeof stableDataTable>; tables: TableRows[] }[] = [];
      for (const g of groups) {
        if (!fits(ctx, db, g)) throw new SchemaChangedError();
        const stable = ctx.catalog.database(db).stables[g.stable];
        const tables = groupRows(ctx, db, stable, g, batch.unitNs, children);
        if (tables === FALLBACK) {
          abandonChildren(ctx, db, children);
          return FALLBACK;
        }
        data.push({ table: stableDataTable(stable), tables });
      }
      return await ctx.writer.write(db, { data, newTags: pendingTagRows(children) }, true);
    } catch (error) {
      abandonChildren(ctx, db, children);
      throw error;
    }
  });
}

/** Writes the batch (see FALLBACK); the caller has checked the database and the user's write access. */
export async function applyLineBatch(ctx: ExecContext, db: string, batch: LineBatch, options: ApplyOptions): Promise<number | typeof FALLBACK> {
  if (batch.rows === 0) return 0;
  const groups = groupBlocks(batch, options.tableNameKey);
  if (groups === FALLBACK || !groups.every((g) => planAccepted(ctx, db, g))) {
    if (options.lineBatches) options.lineBatches.fallback++;
    return FALLBACK;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const written = await applyOnce(ctx, db, batch, groups, options);
      if (options.lineBatches) options.lineBatches[written === FALLBACK ? 'fallback' : 'fast']++;
      return written;
    } catch (error) {
      if (!(error instanceof SchemaChangedError) || attempt >= 3) throw error;
    }
  }
}
