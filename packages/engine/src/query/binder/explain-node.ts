/**
 * One operator of an EXPLAIN plan (docs/engine-query.md "EXPLAIN"). Declared with the binder, which attaches a node to
 * each bound relation; the planner builds the tree (planner/explain-tree.ts).
 */
export interface ExplainNode {
  /** `Table Scan on meters`, `Projection`, `Interval on Column ts` ... */
  title: string;
  /** `key=value` figures inside the parentheses */
  attrs: string[];
  /** TDengine closes some operators' parentheses after a blank: `input_order=unknown )` */
  blankEnd?: boolean;
  /** VERBOSE lines under the node (Output, Filter, Time Window ...) */
  details: string[];
  children: ExplainNode[];
  /**
   * What EXPLAIN ANALYZE reports as this node's rows: the statement's result, its first child's figures
   * (operators that pass rows through), or what a counting query over the node's input returns.
   */
  measure: 'result' | 'child' | { countSql: string };
}
