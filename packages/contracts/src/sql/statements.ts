/**
 * What a text of TDengine SQL holds, read without a parser (the engine parses and refuses the rest): the
 * statements it splits into on `;` outside quotes and comments, and the few facts about one statement that the
 * console and the server need. Pure functions, the same in the browser and on the server.
 *
 * Strings in '…' or "…" (a doubled quote or a backslash escapes the quote), names in `…` (a doubled backquote),
 * comments `-- …` and `# …` to the end of the line (as the TDengine shell reads them) and `/* … *\/`.
 */

import { readName } from './literals';

/** One scanned piece of a statement: a word (upper case), a punctuation mark, or `'` for a quoted part. */
interface Token {
  text: string;
  /** Parenthesis depth: 0 at the top level. */
  depth: number;
}

type Visit = (ch: string, index: number, depth: number) => void;

/** Walks `text` skipping quoted text and comments; calls `visit` for every other character with its paren depth. */
function scan(text: string, visit: Visit, onQuoted?: (from: number, to: number) => void): void {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === "'" || ch === '"' || ch === '`') {
      const start = i;
      i++;
      while (i < text.length) {
        if (text[i] === '\\' && ch !== '`') {
          i += 2;
          continue;
        }
        if (text[i] === ch) {
          if (text[i + 1] === ch) {
            i += 2;
            continue;
          }
          break;
        }
        i++;
      }
      i++;
      onQuoted?.(start, Math.min(i, text.length));
      continue;
    }
    if ((ch === '-' && next === '-') || ch === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (ch === '(') depth++;
    visit(ch, i, depth);
    if (ch === ')') depth = Math.max(0, depth - 1);
    i++;
  }
}

/** The statements of `text`, split on `;` outside quotes and comments, trimmed; empty ones (and comment-only ones) dropped. */
export function splitStatements(text: string): string[] {
  const out: string[] = [];
  let from = 0;
  const push = (to: number) => {
    const piece = text.slice(from, to).trim();
    if (piece && !isOnlyComments(piece)) out.push(piece);
  };
  scan(text, (ch, index) => {
    if (ch === ';') {
      push(index);
      from = index + 1;
    }
  });
  push(text.length);
  return out;
}

function isOnlyComments(piece: string): boolean {
  let code = false;
  scan(
    piece,
    (ch) => {
      if (!/\s/.test(ch)) code = true;
    },
    () => {
      code = true;
    },
  );
  return !code;
}

/** Words and marks of a statement outside quotes and comments, with their paren depth. */
function tokens(statement: string): Token[] {
  const out: Token[] = [];
  let word = '';
  let wordDepth = 0;
  const flush = () => {
    if (word) out.push({ text: word.toUpperCase(), depth: wordDepth });
    word = '';
  };
  scan(
    statement,
    (ch, _i, depth) => {
      if (/[A-Za-z0-9_.]/.test(ch)) {
        if (!word) wordDepth = depth;
        word += ch;
        return;
      }
      flush();
      if (!/\s/.test(ch)) out.push({ text: ch, depth: ch === '(' ? depth - 1 : depth });
    },
    () => {
      flush();
      out.push({ text: "'", depth: 0 });
    },
  );
  flush();
  return out;
}

/** The first word of a statement (upper case), comments skipped. */
export function leadingWord(statement: string): string {
  return tokens(statement).find((t) => /^[A-Z_]/.test(t.text))?.text ?? '';
}

/**
 * The word the statement starts with (upper case), only opening parentheses and comments before it; '' when it
 * starts with anything else (a quote, a number, a mark). What the read-only check judges.
 */
export function firstWord(statement: string): string {
  const first = tokens(statement).find((t) => t.text !== '(');
  return first && /^[A-Z_]/.test(first.text) ? first.text : '';
}

/** A query: the statement returns rows of data and can be exported (SELECT, or WITH … SELECT). */
export function isQuery(statement: string): boolean {
  const word = firstWord(statement);
  return word === 'SELECT' || word === 'WITH';
}

/** Whether the statement limits its own rows at the top level (LIMIT outside any parentheses). */
export function hasTopLevelLimit(statement: string): boolean {
  return tokens(statement).some((t) => t.depth === 0 && t.text === 'LIMIT');
}

/** The statement without a trailing `;` and surrounding blanks (what the paged reads wrap). */
export function statementBody(statement: string): string {
  return statement.trim().replace(/;+\s*$/, '').trim();
}

/** The text from its first word, quote or mark on: leading blanks and comments removed. */
export function withoutLeadingComments(sql: string): string {
  let start = -1;
  scan(
    sql,
    (ch, index) => {
      if (start < 0 && !/\s/.test(ch)) start = index;
    },
    (from) => {
      if (start < 0) start = from;
    },
  );
  return start < 0 ? '' : sql.slice(start);
}

/** Whether the text holds a `;` outside quotes and comments (it would end a statement there). */
export function hasSeparator(text: string): boolean {
  let found = false;
  scan(text, (ch) => {
    if (ch === ';') found = true;
  });
  return found;
}

/** The text as one statement (blanks and trailing `;` removed), or null when it holds none or several. */
export function singleStatement(sql: string): string | null {
  const text = sql.trim().replace(/[;\s]+$/, '');
  return text.length > 0 && !hasSeparator(text) ? text : null;
}

/** A query the export can page through: one SELECT (or WITH … SELECT) statement. */
export function isPageableQuery(sql: string): boolean {
  const statement = singleStatement(sql);
  return statement !== null && isQuery(statement);
}

/**
 * The database a `USE db` statement makes current (issue 13 item 3: the console keeps it per tab, as TDengine's
 * shell does), or null when the statement is something else. An unquoted name is lower-cased as the engine reads
 * it (A–Z only); a backquoted one is taken as written.
 */
export function usedDatabase(statement: string): string | null {
  const match = /^USE\s+(`(?:[^`]|``)+`|[A-Za-z0-9_]+)\s*;?\s*$/i.exec(withoutLeadingComments(statement).trim());
  if (!match) return null;
  const name = match[1];
  return name.startsWith('`') ? readName(name) : name.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}
