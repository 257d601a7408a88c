import type { ResultSet } from '../format/result';
import type { QueryContext, QueryExecutor, RowSink } from './context';
import type { ExplainStatement, QueryExpression, ShowStatement } from '../sql';
import { explainQuery } from './explain';
import { copyPlanToParquet, runPlan, streamPlan } from './run';
import { planQuery } from './planner/select';
import { executeShow, trackQuery } from './system';

/**
 * The query layer (docs/engine-query.md): SELECT/UNION are bound against the catalog, planned to DuckDB SQL
 * (plus a JS stage for FILL and INTERP) and run on a read connection; SHOW goes to the system-table module.
 */
export class QueryLayer implements QueryExecutor {
  async execute(ctx: QueryContext, statement: QueryExpression | ShowStatement | ExplainStatement): Promise<ResultSet> {
    if (statement.kind === 'show') return executeShow(ctx, statement);
    if (statement.kind === 'explain') return trackQuery(ctx, (tracked) => explainQuery(tracked, statement));
    // Registered while it runs, so perf_queries / SHOW QUERIES list it and KILL QUERY, the timeout or the client
    // going away stop it (through `tracked.signal`).
    return trackQuery(ctx, async (tracked) => {
      const env = { ctx: tracked, aliases: { n: 0 }, tempTables: [] };
      const plan = await planQuery(env, statement, tracked.db);
      return runPlan(tracked, { ...plan, tempTables: env.tempTables });
    });
  }

  /** An export's rows, streamed to `sink`; listed and stoppable as any running query. */
  stream(ctx: QueryContext, statement: QueryExpression, sink: RowSink): Promise<number> {
    return trackQuery(ctx, async (tracked) => {
      const env = { ctx: tracked, aliases: { n: 0 }, tempTables: [] };
      const plan = await planQuery(env, statement, tracked.db);
      return streamPlan(tracked, { ...plan, tempTables: env.tempTables }, sink);
    });
  }

  /** An export's rows written to a Parquet file; listed and stoppable as any running query. */
  copyToParquet(ctx: QueryContext, statement: QueryExpression, file: string): Promise<void> {
    return trackQuery(ctx, async (tracked) => {
      const env = { ctx: tracked, aliases: { n: 0 }, tempTables: [] };
      const plan = await planQuery(env, statement, tracked.db);
      return copyPlanToParquet(tracked, { ...plan, tempTables: env.tempTables }, file);
    });
  }

  async check(ctx: QueryContext, statement: QueryExpression): Promise<void> {
    await planQuery({ ctx, aliases: { n: 0 }, tempTables: [] }, statement, ctx.db);
  }
}

/** What the layers above (engine, topics, streams) use of the query layer: they import it from here only. */
export type { ObjectRows, QueryContext, QueryExecutor, RowSink } from './context';
export { functionFamily } from './binder/functions';
export { monthIndex, monthStart } from './exec/calendar';
export { hashName, vgroupLayout } from './system/vgroups';
export { killQuery } from './system/running-queries';
export { describeSystemTable, isSystemDb } from './system';

export function createQueryExecutor(): QueryExecutor {
  return new QueryLayer();
}
