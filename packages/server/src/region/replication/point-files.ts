import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import {
  POINT_FILE_TEMPLATE_TAG,
  pointFileColumns,
  pointFileTemplateRows,
  pointRowProblems,
  type Language,
  type MessageKey,
  type OpcDriver,
} from '@tscloud/contracts';
import { csvLine } from '@tscloud/contracts/csv';

export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map(csvLine).join('');
}

/**
 * The OPC point-file template (§3 columns, one tag column, two example rows). A leading `#` line explains it in the
 * asked language; the point-file reader and the CSV source skip `#` lines.
 */
export function pointFileTemplate(driver: OpcDriver, language: Language): string {
  const note =
    language === 'zh'
      ? '# 每行一个点位：超级表 stable、子表 tbname 必填；enable 为 1/0；表头之后的列（如 site）是子表的标签。'
      : '# One point a row: stable and tbname are required; enable is 1 or 0; columns after the fixed ones (such as site) are tags of the child table.';
  return `${note}\r\n${csvText([[...pointFileColumns(driver), POINT_FILE_TEMPLATE_TAG], ...pointFileTemplateRows(driver)])}`;
}

/**
 * PI's default configuration without a live PI server: the columns of a point list or of AF element templates, each
 * with an example. Reading the list from the PI server itself comes with the PI source (docs/data-in.md).
 */
export function piConfigTemplate(via: 'point_list' | 'template_for_element'): string[][] {
  return via === 'point_list'
    ? [
        ['point_name', 'stable', 'tbname', 'enable', 'value_col', 'type', 'ts_col'],
        ['sinusoid', 'pi_points', 't_{point_name}', '1', 'val', 'DOUBLE', 'ts'],
      ]
    : [
        ['template_name', 'attribute', 'stable', 'tbname', 'enable', 'type'],
        ['Boiler', 'Temperature', 'boiler', '{element}', '1', 'DOUBLE'],
      ];
}

export type ReadPointFile = {
  columns: string[];
  tags: string[];
  missing_columns: string[];
  rows: { line: number; values: Record<string, string>; problems: { column: string; message: MessageKey }[] }[];
  total: number;
  invalid: number;
  firstProblem: { line: number; column: string; message: MessageKey } | null;
};

/**
 * Reads a point file once, streaming: counts every row and the invalid ones, and keeps only the asked page, so a
 * file of a million points costs one pass and a page of memory.
 */
export async function readPointFile(path: string, driver: OpcDriver, { page, pageSize }: { page: number; pageSize: number }): Promise<ReadPointFile> {
  const parser = createReadStream(path).pipe(parse({ bom: true, comment: '#', skip_empty_lines: true, relax_column_count: true, trim: true, info: true }));
  const fixed = pointFileColumns(driver);
  let columns: string[] | null = null;
  const result: ReadPointFile = { columns: [], tags: [], missing_columns: [], rows: [], total: 0, invalid: 0, firstProblem: null };
  const first = (page - 1) * pageSize;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    if (!columns) {
      columns = record;
      result.columns = record;
      result.tags = record.filter((name) => !fixed.includes(name));
      // The point's id, its super table and its child table: without them no row can map (§3).
      result.missing_columns = [fixed[0], 'stable', 'tbname'].filter((name) => !record.includes(name));
      continue;
    }
    const values: Record<string, string> = {};
    columns.forEach((name, i) => (values[name] = record[i] ?? ''));
    const problems = pointRowProblems(driver, values);
    if (problems.length > 0) {
      result.invalid += 1;
      result.firstProblem ??= { line: info.lines, ...problems[0] };
    }
    if (result.total >= first && result.total < first + pageSize) result.rows.push({ line: info.lines, values, problems });
    result.total += 1;
  }
  return result;
}
