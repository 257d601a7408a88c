import type { StreamDisplayStatus } from '../validation/streams';

/**
 * The instance's Streams screen (platform-shell.md §2 'stream'; paths ours, docs/streams-console.md). Every call
 * names the instance in the path; the statements run as the member's own engine user.
 *
 * - GET    /api/region/{r}/stream/list/{instanceId}                          → StreamItem[]        (db:read)
 * - POST   /api/region/{r}/stream/create/{instanceId}  body StreamCreate      → StreamItem          (db:write)
 * - POST   /api/region/{r}/stream/pause/{instanceId}/{name}                    → StreamItem          (db:write)
 * - POST   /api/region/{r}/stream/resume/{instanceId}/{name} body {ignore_untreated?} → StreamItem (db:write)
 * - DELETE /api/region/{r}/stream/{instanceId}/{name}                          → { name }            (db:write)
 * - GET    /api/region/{r}/stream/output/{instanceId}/{name}[?rows=10]         → StreamOutput        (db:read)
 */
export interface StreamItem {
  name: string;
  /** The display status (created, running, interrupted, stopped) and the engine's own value. */
  status: StreamDisplayStatus;
  engine_status: string;
  /** interrupted, running, created: true; stopped: false (data-explorer.md §4). */
  active: boolean;
  sql: string;
  source_db: string;
  target_db: string;
  target_table: string;
  /** 'at once' | 'window close' | 'max delay' as the engine shows it. */
  trigger: string;
  watermark_ms: number;
  create_time: number | null;
}

export interface StreamOutput {
  name: string;
  target_db: string;
  target_table: string;
  /** Rows in the output super table. */
  total: number;
  columns: string[];
  /** The newest rows, newest first; timestamps as the REST protocol gives them. */
  rows: unknown[][];
}
