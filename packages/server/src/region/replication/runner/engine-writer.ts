import type { TransformConfig } from '@tscloud/contracts';
import { quoteName } from '@tscloud/contracts/sql';
import { engineRestCall, type EngineTarget } from '../../engine-client/rest-call';
import type { MappedRow } from '../pipeline/types';
import { mappedRow, type MappedColumns } from '../transform/columns';
import { typedColumnsBody, typedInsertBody, type TypedColumnGroup } from './typed-insert-body';
import { literal, valuesText } from './values-text';

/**
 * Writes a task's mapped rows into the target database with multi-table INSERT statements (`INSERT INTO db.t1
 * USING db.st (tags) TAGS (…) (cols) VALUES (…)(…) db.t2 …`): one statement carries many child tables, and a
 * missing child table is created from its super table. The rows go to the engine's typed write entry (the same
 * statement as values, no text: typed-insert-body.ts) while the engine has one; a typed write the engine refuses
 * is written again as text, where a statement the engine refuses is split in halves until the refused rows are
 * alone; those are counted as failed and the rest are written (docs/data-in.md "The runner").
 */

/** Bytes of SQL per statement: large enough to amortise a round trip, small enough for the engine's request limit. */
export const STATEMENT_BYTES = 1_000_000;
/** Values (rows × columns) per typed write: 100,000 rows of a few columns, a few MB, far below the engine's limit. */
const TYPED_VALUES = 500_000;
const ENGINE_TIMEOUT_MS = 120_000;

export interface WriteOutcome {
  written: number;
  failed: number;
  lastError: string | null;
  /** The rows the engine refused (the `failed` ones): a write of several source batches counts them per batch. */
  refused: MappedRow[];
  /** writeColumns: the refused rows' indices in the mapped columns. */
  refusedIndices?: number[];
}

/** The engine could not be reached (not a refusal of rows): the batch is retried, never counted as failed. */
export class EngineUnreachable extends Error {}

const nameList = (names: string[]) => `(${names.map(quoteName).join(',')})`;

/** Rows of one child table with the same column names (in the same order). */
interface TableGroup {
  rows: MappedRow[];
  columnNames: string[];
}

/** Whether the row's columns are exactly `names`, in order (no array made: this runs for every row). */
function hasColumns(row: MappedRow, names: string[]): boolean {
  let i = 0;
  for (const key in row.columns) if (key !== names[i++]) return false;
  return i === names.length;
}

/** One table clause; its VALUES written into a buffer (values-text.ts), no strings per row. */
function tableClause(db: string, { rows, columnNames }: TableGroup): string {
  const [first] = rows;
  const tagNames = Object.keys(first.tags);
  const using = tagNames.length > 0 ? ` USING ${quoteName(db)}.${quoteName(first.stable)} ${nameList(tagNames)} TAGS (${tagNames.map((t) => literal(first.tags[t])).join(',')})` : '';
  return `${quoteName(db)}.${quoteName(first.table)}${using} ${nameList(columnNames)} VALUES ${valuesText(rows, columnNames)}`;
}

/** Rows grouped by child table and column names, in first-seen order. */
function groups(rows: MappedRow[]): TableGroup[] {
  const byTable = new Map<string, TableGroup[]>();
  const all: TableGroup[] = [];
  for (const row of rows) {
    let list = byTable.get(row.table);
    if (!list) byTable.set(row.table, (list = []));
    let group = list.find((candidate) => hasColumns(row, candidate.columnNames));
    if (!group) {
      group = { rows: [], columnNames: Object.keys(row.columns) };
      list.push(group);
      all.push(group);
    }
    group.rows.push(row);
  }
  return all;
}

/** The rows cut into statements of at most STATEMENT_BYTES (roughly). */
export function insertStatements(db: string, rows: MappedRow[]): Array<{ sql: string; rows: MappedRow[] }> {
  return statementsOf(db, groups(rows));
}

function statementsOf(db: string, tableGroups: TableGroup[]): Array<{ sql: string; rows: MappedRow[] }> {
  const statements: Array<{ sql: string; rows: MappedRow[] }> = [];
  let clauses: string[] = [];
  let clauseRows: MappedRow[] = [];
  let size = 0;
  const flush = () => {
    if (clauses.length > 0) statements.push({ sql: `INSERT INTO ${clauses.join(' ')}`, rows: clauseRows });
    clauses = [];
    clauseRows = [];
    size = 0;
  };
  for (const group of tableGroups) {
    const clause = tableClause(db, group);
    if (size + clause.length > STATEMENT_BYTES) flush();
    clauses.push(clause);
    for (const row of group.rows) clauseRows.push(row);
    size += clause.length;
  }
  flush();
  return statements;
}

/** The groups cut into typed writes of at most TYPED_VALUES values (a group is never cut). */
function typedParts<G>(tableGroups: G[], valuesOf: (group: G) => number): G[][] {
  const parts: G[][] = [];
  let part: G[] = [];
  let values = 0;
  for (const group of tableGroups) {
    const size = valuesOf(group);
    if (part.length > 0 && values + size > TYPED_VALUES) {
      parts.push(part);
      part = [];
      values = 0;
    }
    part.push(group);
    values += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

const groupValues = (group: TableGroup) => group.rows.length * group.columnNames.length;

/** The bodies of the typed writes of these rows (what write() sends while the engine has the entry). */
export const typedBodies = (rows: MappedRow[]): Buffer[] => typedParts(groups(rows), groupValues).map(typedInsertBody);

/**
 * The mapped rows of a column batch grouped by child table, in the order their first row comes (as `groups` orders
 * row objects: a table whose first rows failed comes where its first mapped row is). All rows have the same columns.
 */
export function columnGroups(mapped: MappedColumns): TypedColumnGroup[] {
  const orderOf = new Int32Array(mapped.tableNames.length).fill(-1);
  const counts: number[] = [];
  const tables: number[] = [];
  for (let i = 0; i < mapped.length; i++) {
    if (mapped.failed[i] === 1) continue;
    const t = mapped.table[i];
    if (orderOf[t] < 0) {
      orderOf[t] = counts.length;
      counts.push(0);
      tables.push(t);
    }
    counts[orderOf[t]] += 1;
  }
  const list = counts.map((count) => ({ mapped, rows: new Int32Array(count) }));
  const filled = new Int32Array(counts.length);
  for (let i = 0; i < mapped.length; i++) {
    if (mapped.failed[i] === 1) continue;
    const g = orderOf[mapped.table[i]];
    list[g].rows[filled[g]++] = i;
  }
  return list;
}

const columnGroupValues = (group: TypedColumnGroup) => group.rows.length * group.mapped.columnNames.length;

/** The bodies of the typed writes of a column batch (what writeColumns() sends while the engine has the entry). */
export const typedColumnBodies = (mapped: MappedColumns): Buffer[] => typedParts(columnGroups(mapped), columnGroupValues).map(typedColumnsBody);

const rowCount = (tableGroups: TableGroup[]) => tableGroups.reduce((sum, group) => sum + group.rows.length, 0);

export class EngineWriter {
  /**
   * Whether the engine has the typed write entry: until it answers that it has not (an engine before it: 404). A
   * namespace on a TDengine cluster writes text INSERTs only: every statement passes its tenant guard.
   */
  typed: boolean;

  constructor(
    private readonly target: EngineTarget,
    private readonly db: string,
  ) {
    this.typed = !target.tenant;
  }

  private async run(sql: string): Promise<{ code: number; desc?: string }> {
    try {
      return await engineRestCall(this.target, sql, { timeoutMs: ENGINE_TIMEOUT_MS });
    } catch (error) {
      throw new EngineUnreachable((error as Error).message);
    }
  }

  /** Creates the mapping's super table when it has tags and does not exist yet (a table without tags cannot be one). */
  async ensureStable(mapping: TransformConfig['mapping']): Promise<void> {
    if (mapping.tags.length === 0) return;
    const typeOf = (type: string) => (type === 'VARCHAR' || type === 'BINARY' ? `${type}(1024)` : type === 'NCHAR' ? 'NCHAR(256)' : type);
    const columns = [`${quoteName(mapping.timestamp.column)} TIMESTAMP`, ...mapping.columns.map((c) => `${quoteName(c.name)} ${typeOf(c.type)}`)];
    const tags = mapping.tags.map((t) => `${quoteName(t.name)} ${typeOf(t.type)}`);
    const answer = await this.run(`CREATE STABLE IF NOT EXISTS ${quoteName(this.db)}.${quoteName(mapping.stable)} (${columns.join(',')}) TAGS (${tags.join(',')})`);
    if (answer.code !== 0) throw new Error(answer.desc ?? `engine error ${answer.code}`);
  }

  /** The typed write of the groups (typed-insert-body.ts): the engine's answer, or null when it has no such entry. */
  private async runTyped(body: Buffer): Promise<{ code: number; desc?: string } | null> {
    let res: Response;
    try {
      res = await fetch(`${this.target.url.replace(/\/$/, '')}/rest/insert/${encodeURIComponent(this.db)}`, {
        method: 'POST',
        headers: { authorization: this.target.authorization, 'content-type': 'application/octet-stream' },
        body,
        signal: AbortSignal.timeout(ENGINE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new EngineUnreachable((error as Error).message);
    }
    const text = await res.text();
    if (res.status === 404) return null;
    // 400: a body the engine cannot read — a fault of this writer, not of the rows: the text path writes them
    if (res.status === 400) {
      console.error(`data-in typed write refused as unreadable, writing INSERT text from now on: ${text.slice(0, 200)}`);
      return null;
    }
    return JSON.parse(text) as { code: number; desc?: string };
  }

  /** Writes every row it can; refused rows are counted, with the engine's last refusal. */
  async write(rows: MappedRow[]): Promise<WriteOutcome> {
    const outcome: WriteOutcome = { written: 0, failed: 0, lastError: null, refused: [] };
    const tableGroups = groups(rows);
    for (const part of this.typed ? typedParts(tableGroups, groupValues) : [tableGroups]) {
      const answer = this.typed ? await this.runTyped(typedInsertBody(part)) : null;
      if (answer === null) this.typed = false;
      if (answer?.code === 0) outcome.written += rowCount(part);
      // refused (or no typed entry): the text path finds the refused rows and the engine's message for them
      else for (const statement of statementsOf(this.db, part)) await this.writeSplitting(statement.rows, statement.sql, outcome);
    }
    return outcome;
  }

  /**
   * Writes a column batch's mapped rows (transform/columns.ts) as write() writes the same rows: typed bodies from
   * the columns; row objects only for a part the engine refuses (the text path finds the refused rows) or an engine
   * without the typed entry.
   */
  async writeColumns(mapped: MappedColumns): Promise<WriteOutcome> {
    /** The rows made for the text path, back to their indices (the refused ones are told by index). */
    const indexOf = new Map<MappedRow, number>();
    const rowAt = (i: number) => {
      const row = mappedRow(mapped, i);
      indexOf.set(row, i);
      return row;
    };
    const outcome: WriteOutcome = { written: 0, failed: 0, lastError: null, refused: [] };
    for (const part of this.typed ? typedParts(columnGroups(mapped), columnGroupValues) : [columnGroups(mapped)]) {
      const answer = this.typed ? await this.runTyped(typedColumnsBody(part)) : null;
      if (answer === null) this.typed = false;
      if (answer?.code === 0) {
        outcome.written += part.reduce((sum, group) => sum + group.rows.length, 0);
        continue;
      }
      const rowGroups = part.map((group) => ({ rows: Array.from(group.rows, rowAt), columnNames: mapped.columnNames }));
      for (const statement of statementsOf(this.db, rowGroups)) await this.writeSplitting(statement.rows, statement.sql, outcome);
    }
    outcome.refusedIndices = outcome.refused.map((row) => indexOf.get(row)!);
    return outcome;
  }

  private async writeSplitting(rows: MappedRow[], sql: string, outcome: WriteOutcome): Promise<void> {
    const answer = await this.run(sql);
    if (answer.code === 0) {
      outcome.written += rows.length;
      return;
    }
    if (rows.length === 1) {
      outcome.failed += 1;
      outcome.refused.push(rows[0]);
      outcome.lastError = answer.desc ?? `engine error ${answer.code}`;
      return;
    }
    // Rows of the refused statement that were applied before the refusal are written again: same timestamps overwrite.
    const half = Math.ceil(rows.length / 2);
    for (const part of [rows.slice(0, half), rows.slice(half)]) {
      const [statement] = insertStatements(this.db, part);
      await this.writeSplitting(part, statement.sql, outcome);
    }
  }
}
