/**
 * A growable column of doubles: what the fast path keeps DOUBLE values, BIGINT values that are safe integers and
 * timestamps in, so that no number is boxed per line (a generic array of doubles holds one heap object per value).
 */
export class NumberColumn {
  // small to start: a request of many series keys has many short columns (doubling is cheap for long ones)
  private data = new Float64Array(16);
  length = 0;

  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }

  pop(): void {
    this.length--;
  }

  /** The values written (a view of the buffer, not a copy). */
  values(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}
