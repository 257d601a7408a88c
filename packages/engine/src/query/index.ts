import type { QueryContext, QueryExecutor } from '../engine';
import type { ResultSet } from '../format/result';
import type { QueryExpression, ShowStatement } from '../sql';
import { runPlan } from './exec/run';
import { planQuery } from './planner/select';
import { executeShow, trackQuery } from './system';

/**
 * The query layer (docs/engine-query.md): SELECT/UNION are bound against the catalog, planned to DuckDB SQL
 * (plus a JS stage for FILL and INTERP) and run on a read connection; SHOW goes to the system-table module.
 */
export class QueryLayer implements QueryExecutor {
  async execute(ctx: QueryContext, statement: QueryExpression | ShowStatement): Promise<ResultSet> {
    if (statement.kind === 'show') return executeShow(ctx, statement);
    // Registered while it runs, so perf_queries / SHOW QUERIES list it.
    return trackQuery(ctx, async () => {
      const env = { ctx, aliases: { n: 0 }, tempTables: [] };
      const plan = await planQuery(env, statement, ctx.db);
      return runPlan(ctx, { ...plan, tempTables: env.tempTables });
    });
  }
}

export function createQueryExecutor(): QueryExecutor {
  return new QueryLayer();
}
