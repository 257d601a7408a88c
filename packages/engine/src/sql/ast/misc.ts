/** `KILL QUERY 'id'` / `KILL CONNECTION n` / `KILL TRANSACTION n`; `id` as written (quotes removed). */
export interface KillStatement {
  kind: 'kill';
  target: 'query' | 'connection' | 'transaction';
  id: string;
}
