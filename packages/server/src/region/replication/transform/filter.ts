/**
 * A transform's filter: `field op value` terms joined by `and` / `or` (and binds tighter), with parentheses.
 * Ops: = == != <> > >= < <=; values: numbers, 'text' or "text", true, false, null. Compiled once into a predicate.
 */
import { compilePath, readPath } from './path';

export type RecordPredicate = (fields: Record<string, unknown>) => boolean;

const TOKEN = /\s*(?:(\()|(\))|(==|!=|<>|>=|<=|=|>|<)|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)(?![\w.])|([A-Za-z_$][\w.$]*))/iy;

type Token = { kind: '(' | ')' | 'op' | 'text' | 'number' | 'word'; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(source);
    if (!m) throw new Error(`cannot read the filter at ${at + 1}: '${source.slice(at).trim()}'`);
    at = TOKEN.lastIndex;
    if (m[1]) tokens.push({ kind: '(', text: '(' });
    else if (m[2]) tokens.push({ kind: ')', text: ')' });
    else if (m[3]) tokens.push({ kind: 'op', text: m[3] });
    else if (m[4] !== undefined || m[5] !== undefined) tokens.push({ kind: 'text', text: (m[4] ?? m[5]).replace(/\\(.)/g, '$1') });
    else if (m[6] !== undefined) tokens.push({ kind: 'number', text: m[6] });
    else tokens.push({ kind: 'word', text: m[7] });
  }
  return tokens;
}

function compare(op: string, left: unknown, right: unknown): boolean {
  if (left === undefined) left = null;
  // A number against text that reads as a number compares as numbers (JSON and CSV give both).
  const l = typeof right === 'number' && typeof left === 'string' && left.trim() !== '' ? Number(left) : left;
  switch (op) {
    case '=':
    case '==':
      return l === right;
    case '!=':
    case '<>':
      return l !== right;
  }
  if (l === null || right === null || typeof l !== typeof right) return false;
  const [a, b] = [l as number | string, right as number | string];
  return op === '>' ? a > b : op === '>=' ? a >= b : op === '<' ? a < b : a <= b;
}

export function compileFilter(source: string): RecordPredicate {
  const tokens = tokenize(source);
  let i = 0;
  const peekWord = (word: string) => tokens[i]?.kind === 'word' && tokens[i].text.toLowerCase() === word;
  const expect = (kind: Token['kind']): Token => {
    const token = tokens[i++];
    if (token?.kind !== kind) throw new Error(`filter: expected ${kind === 'op' ? 'an operator' : kind} at term ${i}`);
    return token;
  };
  const valueOf = (token: Token): unknown => {
    if (token.kind === 'number') return Number(token.text);
    if (token.kind === 'text') return token.text;
    const word = token.text.toLowerCase();
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    throw new Error(`filter: '${token.text}' is not a value (quote text)`);
  };
  const factor = (): RecordPredicate => {
    if (tokens[i]?.kind === '(') {
      i++;
      const inner = or();
      expect(')');
      return inner;
    }
    const field = expect('word').text;
    const op = expect('op').text;
    const token = tokens[i++];
    if (!token) throw new Error('filter: a value is missing at the end');
    const value = valueOf(token);
    const steps = compilePath(field);
    return (fields) => compare(op, readPath(fields, steps), value);
  };
  const and = (): RecordPredicate => {
    const parts = [factor()];
    while (peekWord('and')) {
      i++;
      parts.push(factor());
    }
    return parts.length === 1 ? parts[0] : (fields) => parts.every((part) => part(fields));
  };
  const or = (): RecordPredicate => {
    const parts = [and()];
    while (peekWord('or')) {
      i++;
      parts.push(and());
    }
    return parts.length === 1 ? parts[0] : (fields) => parts.some((part) => part(fields));
  };
  const predicate = or();
  if (i < tokens.length) throw new Error(`filter: unexpected '${tokens[i].text}'`);
  return predicate;
}
