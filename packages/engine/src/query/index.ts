import type { ResultSet } from '../format/result';
import type { QueryContext, QueryExecutor } from './context';
import type { QueryExpression, ShowStatement } from '../sql';
import { runPlan } from './run';
import { planQuery } from './planner/select';
import { executeShow, trackQuery } from './system';

/**
 * The query layer (docs/engine-query.md): SELECT/UNION are bound against the catalog, planned to DuckDB SQL
 * (plus a JS stage for FILL and INTERP) and run on a read connection; SHOW goes to the system-table module.
 */
export class QueryLayer implements QueryExecutor {
  async execute(ctx: QueryContext, statement: QueryExpression | ShowStatement): Promise<ResultSet> {
    if (statement.kind === 'show') return executeShow(ctx, statement);
    // Registered while it runs, so perf_queries / SHOW QUERIES list it and KILL QUERY, the timeout or the client
    // going away stop it (through `tracked.signal`).
    return trackQuery(ctx, async (tracked) => {
      const env = { ctx: tracked, aliases: { n: 0 }, tempTables: [] };
      const plan = await planQuery(env, statement, tracked.db);
      return runPlan(tracked, { ...plan, tempTables: env.tempTables });
    });
  }

  async check(ctx: QueryContext, statement: QueryExpression): Promise<void> {
    await planQuery({ ctx, aliases: { n: 0 }, tempTables: [] }, statement, ctx.db);
  }
}

/** What the layers above (engine, topics, streams) use of the query layer: they import it from here only. */
export type { ObjectRows, QueryContext, QueryExecutor } from './context';
export { functionFamily } from './binder/functions';
export { monthIndex, monthStart } from './exec/calendar';
export { hashName, vgroupLayout } from './system/vgroups';
export { killQuery } from './system/running-queries';

export function createQueryExecutor(): QueryExecutor {
  return new QueryLayer();
}
