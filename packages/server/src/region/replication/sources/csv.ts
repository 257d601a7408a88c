import { createReadStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Parser } from 'csv-parse';
import { csvFileNameRule, type TaskValues } from '@tscloud/contracts';
import type { SourceBatch, SourceProgress, SourceReader, SourceRecord } from '../pipeline/types';
import { flag, integer, text } from './values';

/**
 * An instance's csvFiles area: `{dataDir}/csv-files/{instanceId}`, beside (not inside) the engine's own data dir
 * `{dataDir}/instances/{instanceId}`, so the engine never sees the uploads.
 */
export function csvFilesDir(dataDir: string, instanceId: string): string {
  return join(dataDir, 'csv-files', instanceId);
}

/** The task's files, each checked by the §5 file-name rule (which also keeps paths out of the name). */
export function csvFileNames(values: TaskValues): string[] {
  const value = values.files;
  const names = (Array.isArray(value) ? value : text(values, 'files').split(',')).map((name) => String(name).trim()).filter(Boolean);
  if (names.length === 0) throw new Error('no CSV file chosen');
  for (const name of names) if (csvFileNameRule(name)) throw new Error(`'${name}' is not a valid CSV file name`);
  return names;
}

/** Position: `{file index}:{records read in it}`; a restart skips that many records of that file. */
function parsePosition(position: string | null): { file: number; records: number } {
  if (!position) return { file: 0, records: 0 };
  const [file, records] = position.split(':').map(Number);
  return { file: file || 0, records: records || 0 };
}

/**
 * CSV files of the csvFiles area read in order, streaming (memory stays one batch), with skip (lines before the
 * data), header, delimiter , or ;, quote " or ' and a comment prefix (§9). Records: the header's names, or c1, c2 …
 * without a header. Finished (null) after the last file.
 */
export class CsvSource implements SourceReader {
  private readonly names: string[];
  private file = 0;
  private records = 0;
  /** Records of the current file already read by an earlier run. */
  private skip = 0;
  private iterator: AsyncIterator<unknown> | undefined;
  private parser: Parser | undefined;
  private readonly counts: number[];

  constructor(private readonly directory: string, private readonly values: TaskValues) {
    this.names = csvFileNames(values);
    this.counts = this.names.map(() => 0);
  }

  async open(from: string | null): Promise<void> {
    for (const name of this.names) statSync(join(this.directory, name)); // a missing file fails the start, not mid-way
    const position = parsePosition(from);
    this.file = position.file;
    for (let i = 0; i < Math.min(this.file, this.names.length); i++) this.counts[i] = -1;
    if (this.file < this.names.length) this.openFile(position.records);
  }

  private openFile(skipRecords: number): void {
    const hasHeader = flag(this.values, 'has_header', true);
    const comment = text(this.values, 'comment', '#');
    this.parser = createReadStream(join(this.directory, this.names[this.file])).pipe(
      parse({
        bom: true,
        columns: hasHeader,
        from_line: integer(this.values, 'skip', 0) + 1,
        delimiter: text(this.values, 'delimiter', ','),
        quote: text(this.values, 'quote', '"'),
        ...(comment ? { comment, comment_no_infix: true } : {}),
        skip_empty_lines: true,
        relax_column_count: true,
        trim: true,
      }),
    );
    this.iterator = this.parser[Symbol.asyncIterator]();
    this.records = 0;
    this.skip = skipRecords;
  }

  async next(max: number): Promise<SourceBatch | null> {
    const records: SourceRecord[] = [];
    let bytes = 0;
    while (records.length < max) {
      if (!this.iterator) return records.length > 0 ? this.batch(records, bytes) : null;
      const step = await this.iterator.next();
      if (step.done) {
        this.counts[this.file] = this.records;
        this.file++;
        this.iterator = undefined;
        if (this.file < this.names.length) this.openFile(0);
        if (records.length > 0) return this.batch(records, bytes);
        continue;
      }
      this.records++;
      if (this.records <= this.skip) continue;
      const fields = Array.isArray(step.value) ? Object.fromEntries(step.value.map((cell: unknown, index) => [`c${index + 1}`, cell])) : (step.value as Record<string, unknown>);
      for (const value of Object.values(fields)) bytes += String(value).length + 1;
      records.push({ fields });
    }
    return this.batch(records, bytes);
  }

  private batch(records: SourceRecord[], bytes: number): SourceBatch {
    this.counts[Math.min(this.file, this.names.length - 1)] = this.records;
    return { records, bytes, position: `${this.file}:${this.iterator ? this.records : 0}` };
  }

  async committed(): Promise<void> {}

  progress(): SourceProgress {
    return { tables: this.names.map((name, index) => ({ name, done: Math.max(0, this.counts[index]), total: index < this.file ? Math.max(0, this.counts[index]) : null })) };
  }

  async close(): Promise<void> {
    this.parser?.destroy();
    this.iterator = undefined;
  }
}
