import type { Expression, SelectStatement } from '../../sql';

/** Every node of an AST fragment with a `type` (expressions), depth first; subqueries in FROM excluded. */
export function* expressionNodes(node: unknown): Generator<Expression> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const x of node) yield* expressionNodes(x);
    return;
  }
  const o = node as Record<string, unknown>;
  if (typeof o.type === 'string' && typeof o.text === 'string') yield o as unknown as Expression;
  for (const [k, v] of Object.entries(o)) if (k !== 'span' && k !== 'from' && k !== 'query') yield* expressionNodes(v);
}

/** Column names a SELECT mentions anywhere (lower-cased), to know whether tags must be joined. */
export function mentionedColumns(stmt: SelectStatement): Set<string> {
  const names = new Set<string>();
  const { from: _from, ...rest } = stmt;
  for (const n of expressionNodes(rest)) if (n.type === 'column') names.add(n.name.name.toLowerCase());
  if (stmt.from?.type === 'join' && stmt.from.on) for (const n of expressionNodes(stmt.from.on)) if (n.type === 'column') names.add(n.name.name.toLowerCase());
  return names;
}

/** Function calls of an expression (not descending into the calls themselves). */
export function outerCalls(e: Expression, out: Extract<Expression, { type: 'function' }>[] = []): Extract<Expression, { type: 'function' }>[] {
  for (const n of expressionNodes(e)) if (n.type === 'function') out.push(n);
  return out;
}

/** Whether an expression reads nothing of a row (`1 = 0`, `null = null`): its value is the same for every row. */
export function rowIndependent(e: Expression): boolean {
  for (const n of expressionNodes(e)) if (n.type === 'column' || n.type === 'function' || n.type === 'star') return false;
  return true;
}
