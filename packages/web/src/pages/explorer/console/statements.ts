/**
 * The console's view of what was typed: statements split on `;` outside quotes and comments, and the few facts
 * about a statement the console needs (is it a query, does it carry its own LIMIT). Pure functions.
 *
 * TDengine text: strings in '…' or "…" (a doubled quote or a backslash escapes the quote), names in `…`,
 * comments `-- …` / `# …` to the end of the line and `/* … *\/`.
 */

/** One scanned piece of a statement at nesting depth 0: a word, or a punctuation mark. Quotes and comments drop out. */
interface Token {
  text: string;
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

/** A query: the statement returns rows of data and can be exported (SELECT, or WITH … SELECT). */
export function isQuery(statement: string): boolean {
  const word = leadingWord(statement);
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
