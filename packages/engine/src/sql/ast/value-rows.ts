import type { InsertValue } from './insert';

/**
 * Values of one position across the rows of a VALUES clause. A position holding only plain numbers is packed in a
 * Float64Array (no array or boxed number per value: an INSERT of 10,000 rows is mostly numbers); any other value
 * turns the position into a plain array.
 */
export type InsertColumn = Float64Array | InsertValue[];

/** A ValueRows' state as plain data (ValueRows.parts / restore). */
export interface ValueRowsParts {
  rowCount: number;
  columns?: InsertColumn[];
  ragged?: InsertValue[][];
}

/** Grows packed columns by doubling from this many rows. */
const INITIAL_CAPACITY = 64;

/**
 * The rows of a VALUES clause, column-major. When rows differ in width (an error the binder reports once it knows
 * the table) they are kept row by row, so the binder still sees each row as written.
 */
export class ValueRows {
  private count = 0;
  private capacity = INITIAL_CAPACITY;
  /** set from the end of the first row while every row has its width */
  private cols: InsertColumn[] | undefined;
  /** set instead of `cols` once widths differ */
  private ragged: InsertValue[][] | undefined;
  /** values of the row being added while it is not stored in `cols` (first row, ragged rows) */
  private pending: InsertValue[] = [];

  /**
   * Rows rebuilt from what `parts()` gave (a parse worker's rows, workers/insert-parser.ts): packed columns are taken as they
   * are, not copied.
   */
  static restore({ rowCount, columns, ragged }: ValueRowsParts): ValueRows {
    const rows = new ValueRows();
    rows.count = rowCount;
    rows.cols = columns;
    rows.ragged = ragged;
    rows.capacity = Math.max(INITIAL_CAPACITY, ...(columns ?? []).map((col) => (col instanceof Float64Array ? col.length : 0)));
    return rows;
  }

  /** What the rows are made of, for `restore` in another thread (structured clone; packed columns transferable). */
  parts(): ValueRowsParts {
    return { rowCount: this.count, columns: this.cols, ragged: this.ragged };
  }

  /** Number of rows. */
  get rowCount(): number {
    return this.count;
  }

  /** The columns when every row has the same width; `columns[k]` holds at least `rowCount` values. */
  get columns(): readonly InsertColumn[] | undefined {
    return this.cols;
  }

  /** Row `r` as written. */
  row(r: number): InsertValue[] {
    if (this.ragged) return this.ragged[r];
    return this.cols!.map((col) => col[r]);
  }

  /** Every row as written (row-major). */
  toRows(): InsertValue[][] {
    return Array.from({ length: this.count }, (_, r) => this.row(r));
  }

  /** Value `k` of the row being added; values come in order k = 0, 1, ... */
  put(k: number, v: InsertValue): void {
    const cols = this.cols;
    if (cols === undefined || k >= cols.length) {
      if (cols !== undefined) this.toRagged(k);
      this.pending[k] = v;
      return;
    }
    let col = cols[k];
    if (col instanceof Float64Array) {
      if (typeof v === 'number') {
        col[this.count] = v;
        return;
      }
      cols[k] = col = Array.from(col.subarray(0, this.count)) as InsertValue[];
    }
    col[this.count] = v;
  }

  /** Ends the row being added, of `width` values. */
  endRow(width: number): void {
    if (this.cols === undefined && this.ragged === undefined) {
      // the first row fixes the width
      this.cols = this.pending.map(() => new Float64Array(this.capacity));
      const first = this.pending;
      this.pending = [];
      first.forEach((v, k) => this.put(k, v));
    } else if (this.cols !== undefined && width !== this.cols.length) {
      this.toRagged(width);
    }
    if (this.ragged) {
      this.ragged.push(this.pending);
      this.pending = [];
    }
    if (++this.count === this.capacity && this.cols) this.grow();
  }

  private grow(): void {
    this.capacity *= 2;
    this.cols = this.cols!.map((col) => {
      if (!(col instanceof Float64Array)) return col;
      const bigger = new Float64Array(this.capacity);
      bigger.set(col);
      return bigger;
    });
  }

  /** Switches to row-by-row storage; the row being added has its first `done` values in the columns. */
  private toRagged(done: number): void {
    const cols = this.cols!;
    this.ragged = this.toRows();
    this.pending = cols.slice(0, done).map((col) => col[this.count]);
    this.cols = undefined;
  }
}
