import { quoteName } from '@tscloud/contracts/sql';
import { isReservedWord } from './keywords';

/**
 * Names and literals in generated statements (data-explorer.md §5).
 *
 * A name the user types is written as typed: a plain identifier (letter or underscore, then word characters; the
 * engine folds it to lower case) or the same wrapped in backquotes (kept as written). A reserved word must be
 * wrapped. A name read back from the engine (a database, super table or table that exists) is referenced with
 * `ref`: plain when it is a lower-case identifier that is not a reserved word, otherwise in backquotes.
 */
export const NAME_MAX_LENGTH = 192;
const PLAIN = /^[A-Za-z_]\w*$/;
const WRAPPED = /^`[A-Za-z_]\w*`$/;

export type NameProblem = 'required' | 'format' | 'reserved' | 'length';

/** Why a typed name cannot be used, or null when it can. */
export function nameProblem(typed: string): NameProblem | null {
  const name = typed.trim();
  if (name === '') return 'required';
  if (name.length > NAME_MAX_LENGTH) return 'length';
  if (WRAPPED.test(name)) return null;
  if (!PLAIN.test(name)) return 'format';
  return isReservedWord(name) ? 'reserved' : null;
}

/** The name as stored by the engine: unwrapped, and folded to lower case unless it was wrapped. */
export function storedName(typed: string): string {
  const name = typed.trim();
  return WRAPPED.test(name) ? name.slice(1, -1) : name.toLowerCase();
}

/** A typed name as it goes into a statement (validated first with nameProblem). */
export function typedName(typed: string): string {
  return typed.trim();
}

/** Reference to an existing object by its stored name (any name the engine holds, backquotes included). */
export function ref(stored: string): string {
  return /^[a-z_][a-z0-9_]*$/.test(stored) && !isReservedWord(stored) ? stored : quoteName(stored);
}

/** `db.name` for an object of a database. */
export function qualified(db: string, stored: string): string {
  return `${ref(db)}.${ref(stored)}`;
}

/** Compares dotted versions (`3.3.0.0`, `3.3.0.0-tscloud`): negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[^0-9]+/).filter(Boolean).map(Number);
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export function versionAtLeast(version: string | null | undefined, gate: string): boolean {
  return version ? compareVersions(version, gate) >= 0 : false;
}
