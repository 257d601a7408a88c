import { csvLine } from '@tscloud/contracts/csv';
import type { Precision } from '../catalog/db-options';
import type { ResultColumn } from './result';
import { formatTimestamp } from './timestamp';
import { cellJson, float32Text } from './values';

/** The text formats of POST /rest/export (docs/explorer-server.md "Export"). */
export type ExportTextFormat = 'csv' | 'jsonl';

/** Writes a result's header and rows as one text format; rows come in batches, each written out whole. */
export interface ExportTextWriter {
  contentType: string;
  /** The first bytes of the file (CSV: the column names; JSON Lines: nothing). */
  head(): string;
  rows(rows: readonly unknown[][]): string;
}

/**
 * One CSV cell's value: the text REST would show, never through a JS number where it could lose digits (BIGINT
 * values are bigints; TIMESTAMP is formatted from its integer, so ns digits stay), bytes as hex.
 */
function csvValue(value: unknown, type: string, precision: Precision): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'TIMESTAMP':
      return formatTimestamp(value as number | bigint, precision);
    case 'FLOAT':
      return Number.isFinite(value) ? float32Text(Number(value)) : null;
    case 'DOUBLE':
      return Number.isFinite(value) ? value : null;
    case 'JSON':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex') : value;
  }
}

export function exportTextWriter(format: ExportTextFormat, columns: readonly ResultColumn[], precision: Precision): ExportTextWriter {
  if (format === 'csv') {
    return {
      contentType: 'text/csv; charset=utf-8',
      head: () => csvLine(columns.map((c) => c.name)),
      rows: (rows) => {
        let out = '';
        for (const row of rows) out += csvLine(columns.map((c, i) => csvValue(row[i], c.type, precision)));
        return out;
      },
    };
  }
  // JSON Lines: one object a line, keyed by column name, cells as REST writes them (cellJson): 64-bit integers as
  // exact JSON numbers, timestamps as text with every digit of their precision.
  const keys = columns.map((c) => `${JSON.stringify(c.name)}:`);
  return {
    contentType: 'application/x-ndjson; charset=utf-8',
    head: () => '',
    rows: (rows) => {
      let out = '';
      for (const row of rows) out += `{${columns.map((c, i) => keys[i] + cellJson(row[i], c.type, precision)).join(',')}}\n`;
      return out;
    },
  };
}
