import { z } from 'zod';
import { DB_NAME_PATTERN } from './explorer-views';

/**
 * Loading data into an instance (data-explorer.md §7 Data import, §9 demo databases; docs/explorer-server.md).
 *
 * CSV import — POST /api/region/{r}/data/import/{appId}/{dbName}/{tbName}, multipart, the file in field `data`:
 * rows are appended to the table through the engine as the member's engine user. Answer: envelope 200 with
 * `data = ImportResult`; `code ≠ 0` means the engine refused a batch (`desc` is its text; `rows` were written
 * before it). A file that is not CSV the table can take is envelope 400 with one of the `error.csv*` messages
 * naming the line; no row is written then.
 *
 * Demo data — POST /api/region/{r}/data/demo/{appId} body DemoLoadRequest → DemoJob (status running);
 * GET /api/region/{r}/data/demo/{appId}/{jobId} → DemoJob (poll until done or failed);
 * GET /api/region/{r}/data/demo/{appId} → DemoJob[] (this instance's jobs, newest first).
 */

/** Largest CSV file accepted (bytes). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Rows per INSERT statement the import sends to the engine. */
export const IMPORT_BATCH_ROWS = 2_000;

export interface ImportResult {
  code: number;
  desc?: string;
  /** Rows appended. */
  rows: number;
}

/** §9: the demo database has 1000 or 10000 sub-tables of 10000 rows (taosBenchmark's meters). */
export const DEMO_TABLE_CHOICES: readonly number[] = [1_000, 10_000];
export const DEMO_ROWS_PER_TABLE = 10_000;
export const DEMO_DEFAULT_DB = 'test';

export const demoLoadSchema = z.object({
  db_name: z.string().regex(DB_NAME_PATTERN, { message: 'validation.dbName' }).optional().default(DEMO_DEFAULT_DB),
  /** Sub-tables d0 … d{n-1}; the screen offers 1000 or 10000, any 1 … 10000 is accepted. */
  tables: z.number({ message: 'validation.demoScale' }).int().min(1, { message: 'validation.demoScale' }).max(10_000, { message: 'validation.demoScale' }),
  /** Rows per sub-table (default 10000). */
  rows_per_table: z
    .number({ message: 'validation.demoScale' })
    .int()
    .min(1, { message: 'validation.demoScale' })
    .max(DEMO_ROWS_PER_TABLE, { message: 'validation.demoScale' })
    .optional()
    .default(DEMO_ROWS_PER_TABLE),
});
export type DemoLoadRequest = z.input<typeof demoLoadSchema>;

export type DemoJobStatus = 'running' | 'done' | 'failed';

export interface DemoJob {
  id: string;
  app_id: string;
  db_name: string;
  tables: number;
  rows_per_table: number;
  total_rows: number;
  rows_written: number;
  /** 0 … 100, whole numbers. */
  percent: number;
  status: DemoJobStatus;
  /** Why it failed (the engine's text). */
  error: string | null;
  started_at: number;
  finished_at: number | null;
}
