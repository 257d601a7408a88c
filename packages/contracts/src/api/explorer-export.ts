import { z } from 'zod';
import { sqlRequestSchema } from './explorer';

/**
 * The console's export of a query's whole result (data-explorer.md §2 export, issue 13 item 5,
 * docs/explorer-server.md "Export"): POST the statement and a format, get a short-lived single-use ticket and
 * its download URL; the browser opens that URL as a plain download, so its download manager writes the file as
 * it arrives and nothing is held in page memory.
 */

/** The file formats offered: CSV, JSON Lines (one JSON object a line), Parquet. */
export const EXPORT_FORMATS = ['csv', 'jsonl', 'parquet'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How long a ticket may wait for its download to start. */
export const EXPORT_TICKET_TTL_MS = 60_000;

/** The statement and its current database as the SQL call takes them, and the format. */
export const exportRequestSchema = sqlRequestSchema.pick({ sql: true, db: true }).extend({
  format: z.enum(EXPORT_FORMATS, { message: 'validation.exportFormat' }),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

/** The answer to the POST: where to download, until when (ISO time), under which file name. */
export interface ExportTicket {
  url: string;
  expires_at: string;
  file_name: string;
}

/** The file name's extension per format. */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', jsonl: 'jsonl', parquet: 'parquet' };
