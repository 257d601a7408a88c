/**
 * A statement's three times (data-explorer.md §3 history: totalTime, executTime, networkTime). The browser measures
 * the whole round trip; the server answers with the engine's execution time and its own total
 * (docs/explorer-server.md "timing"); network is what the browser waited beyond the server. Pure.
 */
export interface Timings {
  total: number;
  execution: number | null;
  network: number | null;
}

export interface CallTiming {
  /** What the browser measured for this call, ms. */
  client: number;
  /** The server's `timing`, when it gave one. */
  server?: { execution_ms: number | null; total_ms: number };
}

/** Sums the calls of one statement (a paged read makes two). */
export function combineTimings(calls: readonly CallTiming[]): Timings {
  const round = (n: number) => Math.round(n * 100) / 100;
  const total = calls.reduce((s, c) => s + c.client, 0);
  const withServer = calls.filter((c) => c.server);
  const execs = withServer.map((c) => c.server!.execution_ms).filter((v): v is number => typeof v === 'number');
  const execution = execs.length > 0 ? round(execs.reduce((s, v) => s + v, 0)) : null;
  const network = withServer.length === calls.length && calls.length > 0 ? round(Math.max(0, calls.reduce((s, c) => s + c.client - c.server!.total_ms, 0))) : null;
  return { total: round(total), execution, network };
}
