/** Building blocks shared by every statement of the AST. */

/** Offsets into the original SQL text: [start, end). */
export interface Span {
  start: number;
  end: number;
}

/**
 * A name. Unquoted names are lower-cased (TDengine names are case-insensitive); back-quoted names keep their
 * case and `quoted` is true. `name` never contains the back-quotes.
 */
export interface Identifier {
  name: string;
  quoted: boolean;
  /** Where it was written (back-quotes included), when the parse was asked for spans (ParseOptions). */
  span?: Span;
}

/** `[db.]name` */
export interface QualifiedName {
  db?: Identifier;
  name: Identifier;
}

/** Time units: b ns, u µs, a ms, s, m, h, d, w, n calendar month, y calendar year. */
export type DurationUnit = 'b' | 'u' | 'a' | 's' | 'm' | 'h' | 'd' | 'w' | 'n' | 'y';

export const DURATION_UNITS: readonly DurationUnit[] = ['b', 'u', 'a', 's', 'm', 'h', 'd', 'w', 'n', 'y'];

/**
 * A duration literal such as `10m`. `unit` is null for a bare integer (its meaning depends on context:
 * DB precision for INTERVAL, days for KEEP/DURATION). `text` is the source spelling (`10m`).
 */
export interface Duration {
  value: number;
  unit: DurationUnit | null;
  text: string;
}
