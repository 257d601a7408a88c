/**
 * Growable columns of doubles: what the fast path keeps DOUBLE values, BIGINT values that are safe integers and
 * timestamps in while it parses. The columns of a parse take their room from one arena (a Float64Array reused by
 * every parse of the thread): a request of many series keys has thousands of short columns, and a typed array each
 * would be a malloc'd buffer each (the parse spent a third of its time in malloc and V8's buffer bookkeeping). Once
 * parsed, all the columns of a request are copied out into one Float64Array (packColumns).
 */

/** Room a column starts with, in values (doubled when full). */
const FIRST_ROOM = 16;
/** An arena larger than this after a parse is let go rather than kept for the next one. */
const KEEP_ARENA_VALUES = 8 * 1024 * 1024;

export class ColumnArena {
  data = new Float64Array(64 * 1024);
  private used = 0;

  /** Room for `n` values; the index of the first. */
  take(n: number): number {
    if (this.used + n > this.data.length) {
      const bigger = new Float64Array(Math.max(2 * this.data.length, this.used + n));
      bigger.set(this.data.subarray(0, this.used));
      this.data = bigger;
    }
    this.used += n;
    return this.used - n;
  }

  /** Starts a parse: all earlier columns are gone (their values were copied out). */
  reset(): void {
    this.used = 0;
    if (this.data.length > KEEP_ARENA_VALUES) this.data = new Float64Array(64 * 1024);
  }
}

export class NumberColumn {
  private at: number;
  private room = FIRST_ROOM;
  length = 0;

  constructor(private readonly arena: ColumnArena) {
    this.at = arena.take(FIRST_ROOM);
  }

  push(v: number): void {
    if (this.length === this.room) this.grow();
    this.arena.data[this.at + this.length++] = v;
  }

  private grow(): void {
    const at = this.arena.take(2 * this.room);
    const data = this.arena.data;
    data.copyWithin(at, this.at, this.at + this.length);
    this.at = at;
    this.room *= 2;
  }

  pop(): void {
    this.length--;
  }

  /** The values (a view of the arena: valid until its next reset). */
  view(): Float64Array {
    return this.arena.data.subarray(this.at, this.at + this.length);
  }
}

/** The columns' values in one new Float64Array, each column a view of its part (one buffer for the whole request). */
export function packColumns(columns: NumberColumn[]): Float64Array[] {
  let total = 0;
  for (const col of columns) total += col.length;
  const all = new Float64Array(total);
  let at = 0;
  return columns.map((col) => {
    all.set(col.view(), at);
    at += col.length;
    return all.subarray(at - col.length, at);
  });
}
