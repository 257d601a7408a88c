import type { QueryExpression } from './select';

/** `KILL QUERY 'id'` / `KILL CONNECTION n` / `KILL TRANSACTION n`; `id` as written (quotes removed). */
export interface KillStatement {
  kind: 'kill';
  target: 'query' | 'connection' | 'transaction';
  id: string;
}

/** `EXPLAIN [ANALYZE] [VERBOSE true|false] [RATIO n] query` */
export interface ExplainStatement {
  kind: 'explain';
  analyze: boolean;
  verbose?: boolean;
  ratio?: number;
  query: QueryExpression;
}
