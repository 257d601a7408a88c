/**
 * Splits a conformance case file into statements (corpus README, "Case-file format"). Written apart from the engine's
 * own splitter on purpose: the suite must not inherit the engine's tokenizer bugs.
 */

export type CompareMode = 'ordered' | 'unordered' | 'error' | 'skip-values' | 'meta-only' | 'ignore';

const MODES: readonly CompareMode[] = ['ordered', 'unordered', 'error', 'skip-values', 'meta-only', 'ignore'];

export interface CaseStatement {
  /** 0-based position in the file */
  index: number;
  /** 1-based line where the statement starts */
  line: number;
  mode: CompareMode;
  /** trimmed, without the `;` */
  sql: string;
  /** the user the statement is sent as (`-- @user <name> <password>`); absent: root with the default password */
  user?: CaseUser;
}

export interface CaseUser {
  name: string;
  password: string;
}

/** A directive is a comment line of its own (`-- @mode`) before a statement; the last one wins. */
function directiveOf(commentLine: string): CompareMode | undefined {
  const m = /^--\s*@([a-z-]+)\s*$/.exec(commentLine.trim());
  return m && (MODES as readonly string[]).includes(m[1]) ? (m[1] as CompareMode) : undefined;
}

/**
 * `-- @user <name> <password>`: the next statement is sent as that user. It is a directive of its own kind, so it
 * combines with a mode directive; the password cannot hold white space.
 */
function userDirectiveOf(commentLine: string): CaseUser | undefined {
  const m = /^--\s*@user\s+(\S+)\s+(\S+)\s*$/.exec(commentLine.trim());
  return m ? { name: m[1], password: m[2] } : undefined;
}

/** The default mode: `ordered` when the statement has ORDER BY (outside quotes is not checked, as in the README). */
function defaultMode(sql: string): CompareMode {
  return /\border\s+by\b/i.test(sql) ? 'ordered' : 'unordered';
}

export function splitCaseFile(text: string): CaseStatement[] {
  const statements: CaseStatement[] = [];
  let line = 1;
  let directive: CompareMode | undefined;
  let user: CaseUser | undefined;
  let start = -1; // offset of the current statement's first character, -1 between statements
  let startLine = 0;
  let i = 0;

  const finish = (end: number): void => {
    const sql = text.slice(start, end).trim();
    if (sql.length > 0) {
      const statement: CaseStatement = { index: statements.length, line: startLine, mode: directive ?? defaultMode(sql), sql };
      if (user) statement.user = user;
      statements.push(statement);
    }
    start = -1;
    directive = undefined;
    user = undefined;
  };

  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      const comment = text.slice(i, end < 0 ? text.length : end);
      if (start < 0) {
        directive = directiveOf(comment) ?? directive;
        user = userDirectiveOf(comment) ?? user;
      }
      i = end < 0 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      line += countNewlines(text, i, stop);
      i = stop;
    } else if (c === ';') {
      if (start >= 0) finish(i);
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      if (start < 0) {
        start = i;
        startLine = line;
      }
      if (c === "'" || c === '"' || c === '`') {
        const stop = quotedEnd(text, i);
        line += countNewlines(text, i, stop);
        i = stop;
      } else {
        i++;
      }
    }
  }
  if (start >= 0) finish(text.length);
  return statements;
}

/** Offset just past the quoted text opening at `open`: a doubled quote or a backslash escape stays inside. */
function quotedEnd(text: string, open: number): number {
  const quote = text[open];
  let i = open + 1;
  while (i < text.length) {
    if (text[i] === '\\' && quote !== '`') {
      i += 2;
    } else if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else {
      i++;
    }
  }
  return text.length;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text[i] === '\n') n++;
  return n;
}
