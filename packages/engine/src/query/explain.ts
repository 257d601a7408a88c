import type { ResultSet } from '../format/result';
import type { ExplainStatement } from '../sql';
import type { QueryContext } from './context';
import type { ExplainNode } from './planner/explain-tree';
import { planQuery } from './planner/select';
import { countRows, runPlan } from './run';

/** TDengine's EXPLAIN result: one VARCHAR column QUERY_PLAN of TSDB_EXPLAIN_RESULT_ROW_SIZE (16 KB), a row per line. */
const QUERY_PLAN_COLUMN = { name: 'QUERY_PLAN', type: 'VARCHAR', length: 16 * 1024 };

/** TDengine's default EXPLAIN RATIO (TSDB_DEFAULT_EXPLAIN_RATIO); only echoed by ANALYZE. */
const DEFAULT_RATIO = 0.001;

/** What EXPLAIN ANALYZE measured for one node: time to first and last row (ms) and rows out. */
interface NodeFigures {
  first: number;
  last: number;
  rows: number;
}

/**
 * EXPLAIN [ANALYZE] [VERBOSE] [RATIO] query: the query is bound and planned as when it runs (same errors, same
 * privilege checks) and its operator tree printed as TDengine prints it. ANALYZE also runs it, then counts each
 * scan's rows, and adds `cost=first..last rows=n` to every line and the Ratio / Planning Time / Execution Time lines.
 */
export async function explainQuery(ctx: QueryContext, s: ExplainStatement): Promise<ResultSet> {
  const planStart = performance.now();
  const env = { ctx, aliases: { n: 0 }, tempTables: [] };
  const plan = { ...(await planQuery(env, s.query, ctx.db)), tempTables: env.tempTables };
  const planningMs = performance.now() - planStart;
  const tree = plan.explain;
  if (!tree) throw new Error('the planner gave no operator tree');
  let figures: Map<ExplainNode, NodeFigures> | undefined;
  const tail: string[] = [];
  if (s.analyze) {
    const execStart = performance.now();
    const result = await runPlan(ctx, plan);
    const executionMs = performance.now() - execStart;
    figures = await measure(ctx, plan, tree, { first: executionMs, last: executionMs, rows: result.rows.length });
    tail.push(`Ratio: ${(s.ratio ?? DEFAULT_RATIO).toFixed(6)}`, `Planning Time: ${planningMs.toFixed(3)} ms`, `Execution Time: ${executionMs.toFixed(3)} ms`);
  }
  const lines = [...renderNode(tree, 0, s.verbose ?? false, figures), ...tail];
  return { kind: 'rows', columns: [QUERY_PLAN_COLUMN], rows: lines.map((l) => [l]), precision: 'ms' };
}

/** Figures of every node: the statement's own for result nodes, a counting query's for scans (run after the query). */
async function measure(ctx: QueryContext, plan: Parameters<typeof countRows>[1], tree: ExplainNode, result: NodeFigures): Promise<Map<ExplainNode, NodeFigures>> {
  const nodes: ExplainNode[] = [];
  const walk = (n: ExplainNode): void => {
    nodes.push(n);
    n.children.forEach(walk);
  };
  walk(tree);
  const counted = nodes.filter((n): n is ExplainNode & { measure: { countSql: string } } => typeof n.measure === 'object');
  const counts = await countRows(ctx, plan, counted.map((n) => n.measure.countSql));
  const figures = new Map<ExplainNode, NodeFigures>();
  counted.forEach((n, i) => figures.set(n, { first: counts[i].ms, last: counts[i].ms, rows: counts[i].rows }));
  const figuresOf = (n: ExplainNode): NodeFigures => {
    const known = figures.get(n);
    if (known) return known;
    const f = n.measure === 'result' ? result : n.children.length ? figuresOf(n.children[0]) : result;
    figures.set(n, f);
    return f;
  };
  nodes.forEach(figuresOf);
  return figures;
}

/** A node's line (`level*3` spaces, `-> `), its VERBOSE lines (indented under it), then its children one level down. */
function renderNode(n: ExplainNode, level: number, verbose: boolean, figures: Map<ExplainNode, NodeFigures> | undefined): string[] {
  const f = figures?.get(n);
  const attrs = [...(f ? [`cost=${f.first.toFixed(3)}..${f.last.toFixed(3)} rows=${f.rows}`] : []), ...n.attrs];
  const lines = [`${' '.repeat(level * 3)}-> ${n.title} (${attrs.join(' ')}${n.blankEnd ? ' ' : ''})`];
  if (verbose) lines.push(...n.details.map((d) => `${' '.repeat(level * 3 + 6)}${d}`));
  for (const c of n.children) lines.push(...renderNode(c, level + 1, verbose, figures));
  return lines;
}
