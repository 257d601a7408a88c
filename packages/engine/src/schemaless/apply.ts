import { bodyText } from './body';
import { blobValue, type DuckDBValue } from '@duckdb/node-api';
import type { StableDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import { requireWrite } from '../exec/access';
import { abandonChildren, pendingTagRows, reserveChild, type PendingChild } from '../exec/child-tables';
import type { ExecContext } from '../exec/context';
import { nowIn, UNITS_PER_SECOND } from '../format/time-parse';
import { stableDataTable } from '../storage/schema';
import { SchemaChangedError, type TableRows } from '../storage/table-writer';
import { applyLineBatch, FALLBACK } from './apply-lines';
import { ensureSchema } from './ensure-schema';
import { lineError } from './errors';
import { isLineBatch, type LineBatch } from './line-protocol/columnar';
import { parseLines } from './line-protocol/parse';
import { childTableName, stableName } from './naming';
import { collectNeeds, ident, schemaChanges, type Needs } from './schema-plan';
import { NS_PER_UNIT, type ApplyOptions, type Point } from './types';

/** Points of one super table, with the tags each point keeps after the table-name tag is taken out. */
interface Group {
  stable: string;
  points: Point[];
  tags: [string, string][][];
  childNames: string[];
}

function groupPoints(points: Point[], tableNameKey: string | undefined): Group[] {
  const groups = new Map<string, Group>();
  // Many points share a tag set: hash each distinct set once.
  const names = new Map<string, string>();
  const hashed = (stable: string, tags: [string, string][]): string => {
    const key = `${stable}\n${tags.map(([k, v]) => `${k}\n${v}`).join('\n')}`;
    let name = names.get(key);
    if (name === undefined) names.set(key, (name = childTableName(stable, tags)));
    return name;
  };
  // Points of one series share their tag list (line protocol's series cache): resolve each list once. A shared list
  // belongs to one series key, so to one measurement; unshared lists (OpenTSDB) resolve once each.
  const resolved = new Map<[string, string][], { stable: string; tags: [string, string][]; name: string }>();
  for (const p of points) {
    let r = resolved.get(p.tags);
    if (!r) {
      const stable = stableName(p.measurement);
      let tags = p.tags;
      let name: string | undefined;
      if (tableNameKey !== undefined) {
        const at = tags.findIndex(([k]) => k === tableNameKey);
        if (at >= 0) {
          name = tags[at][1];
          tags = tags.filter((_, i) => i !== at);
        }
      }
      r = { stable, tags, name: name ?? hashed(stable, tags) };
      // a shared list belongs to one series key, so to one measurement
      resolved.set(p.tags, r);
    }
    let g = groups.get(r.stable);
    if (!g) groups.set(r.stable, (g = { stable: r.stable, points: [], tags: [], childNames: [] }));
    g.points.push(p);
    g.tags.push(r.tags);
    g.childNames.push(r.name);
  }
  return [...groups.values()];
}

const needsOf = (g: Group): Needs => collectNeeds(g.points, g.tags);

/** Builds the rows of one group, reserving the child tables it creates; `children` collects the reservations. */
function groupRows(ctx: ExecContext, db: string, stable: StableDef, g: Group, children: PendingChild[]): TableRows[] {
  const options = ctx.catalog.database(db).options;
  const precision = options.precision;
  const scope = { precision, nowMs: ctx.nowMs, tz: ctx.tz };
  const now = nowIn(precision, ctx.nowMs);
  const minTs = now - BigInt(options.keep[2]) * 60n * UNITS_PER_SECOND[precision];
  const index = new Map(stable.columns.map((c, i) => [c.name, i - 1]));
  const width = stable.columns.length - 1;
  const byTid = new Map<number, { tid: number; ts: bigint[]; columns: DuckDBValue[][] }>();
  const known = new Map<string, ReturnType<typeof ctx.catalog.lookup>>();
  g.points.forEach((p, k) => {
    const name = g.childNames[k];
    let found = known.get(name) ?? ctx.catalog.lookup(db, name);
    if (!found) {
      const tags = g.tags[k];
      children.push(reserveChild(ctx, db, name, stable, tags.map(([key]) => ident(key)), tags.map(([, v]) => v), scope));
      found = ctx.catalog.lookup(db, name);
    }
    if (found?.kind !== 'child' || found.stable.name !== stable.name) {
      throw lineError(TdCode.TDB_TABLE_IN_OTHER_STABLE, p.line, p.text, `table ${name} already exists and is not a child table of ${stable.name}`);
    }
    known.set(name, found);
    const ts = p.ts === undefined ? now : p.ts / NS_PER_UNIT[precision];
    if (ts < minTs) throw new TdError(TdCode.TIMESTAMP_OUT_OF_RANGE, `Timestamp data out of range: line ${p.line} is older than the database's KEEP`);
    let rows = byTid.get(found.child.tid);
    if (!rows) byTid.set(found.child.tid, (rows = { tid: found.child.tid, ts: [], columns: Array.from({ length: width }, (): DuckDBValue[] => []) }));
    const r = rows.ts.length;
    rows.ts.push(ts);
    for (const col of rows.columns) col.push(null);
    // types match (schemaChanges refused any mismatch): values go in as they are, bytes as DuckDB blobs
    for (const [key, { value }] of p.fields) rows.columns[index.get(key)!][r] = value instanceof Uint8Array ? blobValue(value) : value;
  });
  return [...byTid.values()];
}

/** One attempt: schema first (DDL lock), then every row in one transaction under the database's write lock. */
async function applyOnce(ctx: ExecContext, db: string, groups: Group[], options: ApplyOptions): Promise<number> {
  const needs = groups.map(needsOf);
  const fits = (g: Group, i: number) => {
    const stable = ctx.catalog.database(db).stables[g.stable];
    return stable !== undefined && schemaChanges(stable, needs[i]).length === 0;
  };
  // The common case (the schema already fits) never waits for the DDL lock; ensureSchema re-reads under it.
  if (!groups.every(fits)) {
    await options.ddl(async () => {
      for (let i = 0; i < groups.length; i++) await ensureSchema(ctx, db, groups[i], needs[i]);
    });
  }
  return ctx.storage.withWriteLocks([db], async () => {
    const children: PendingChild[] = [];
    try {
      const data = groups.map((g, i) => {
        // Another statement may have changed the table since ensureSchema: start over with its new schema.
        if (!fits(g, i)) throw new SchemaChangedError();
        const stable = ctx.catalog.database(db).stables[g.stable];
        return { table: stableDataTable(stable), tables: groupRows(ctx, db, stable, g, children) };
      });
      const written = await ctx.writer.write(db, { data, newTags: pendingTagRows(children) }, true);
      return written;
    } catch (error) {
      abandonChildren(ctx, db, children);
      throw error;
    }
  });
}

/**
 * Writes schemaless points into `db` the way TDengine's schemaless mode does: super tables created and widened as
 * needed, child tables named from the tag set (or by the table-name tag), rows appended through the table writer.
 */
export async function applyPoints(ctx: ExecContext, db: string, input: Point[] | LineBatch, options: ApplyOptions): Promise<number> {
  ctx.catalog.database(db);
  requireWrite(ctx, db);
  let points: Point[];
  if (isLineBatch(input)) {
    // the column-major fast path; what it does not take goes the row-by-row way (docs/engine-schemaless.md)
    const written = await applyLineBatch(ctx, db, input, options);
    if (written !== FALLBACK) return written;
    points = parseLines(typeof input.body === 'string' ? input.body : bodyText(input.body), input.precision);
  } else points = input;
  if (points.length === 0) return 0;
  const groups = groupPoints(points, options.tableNameKey);
  for (let attempt = 1; ; attempt++) {
    try {
      return await applyOnce(ctx, db, groups, options);
    } catch (error) {
      if (!(error instanceof SchemaChangedError) || attempt >= 3) throw error;
    }
  }
}
