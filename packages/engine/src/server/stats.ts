import type { Engine } from '../engine';

/** Request/byte counters of the REST server; GET /-/stats adds the engine's statement counters. */
export class ServerStats {
  requests = 0;
  bytesIn = 0;
  bytesOut = 0;
  readonly startedAt = Date.now();

  snapshot(engine: Engine): Record<string, number> {
    return {
      uptimeMs: Date.now() - this.startedAt,
      requests: this.requests,
      statements: engine.stats.statements,
      inserts: engine.stats.inserts,
      rowsWritten: engine.stats.rowsWritten,
      queries: engine.stats.queries,
      errors: engine.stats.errors,
      bytesIn: this.bytesIn,
      bytesOut: this.bytesOut,
      databases: engine.catalog.databases().length,
      stables: engine.catalog.stableCount(),
      tables: engine.catalog.tableCount(),
    };
  }
}
