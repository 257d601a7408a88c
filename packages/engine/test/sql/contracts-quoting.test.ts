import { describe, expect, it } from 'vitest';
import { likeEscape, quoteContains, quoteName, quoteQualified, quoteText, readText, splitStatements } from '@tscloud/contracts/sql';
import { HOSTILE_TEXTS } from '@tscloud/contracts/test/hostile-texts';
import { tokenize } from '../../src/sql';

/**
 * The engine's tokenizer is the reference for contracts' SQL text (issue 24 §1): every quoting function's output is
 * lexed here, and must come back as one token holding exactly the text.
 */
const kinds = (sql: string) => tokenize(sql).map((t) => [t.kind, t.value]);

describe("contracts' SQL text read by the engine's tokenizer", () => {
  it.each(HOSTILE_TEXTS)('quoteText(%j) is one string literal holding exactly the text, in both quote styles', (text) => {
    expect(kinds(quoteText(text))).toEqual([['string', text], ['eof', '']]);
    expect(kinds(quoteText(text, '"'))).toEqual([['string', text], ['eof', '']]);
    expect(readText(quoteText(text))).toBe(text);
    expect(readText(quoteText(text, '"'))).toBe(text);
  });

  it.each(HOSTILE_TEXTS)('quoteName(%j) is one name holding exactly the text', (text) => {
    expect(kinds(quoteName(text))).toEqual([['quoted', text], ['eof', '']]);
    expect(kinds(quoteQualified(text, text))).toEqual([['quoted', text], ['punct', '.'], ['quoted', text], ['eof', '']]);
  });

  it.each(HOSTILE_TEXTS)('quoteContains(%j) is one LIKE pattern with the text escaped', (text) => {
    expect(kinds(quoteContains(text))).toEqual([['string', `%${likeEscape(text)}%`], ['eof', '']]);
  });

  it.each(HOSTILE_TEXTS)('splitStatements ends the first statement where the engine does, around %j', (text) => {
    const sql = `SELECT ${quoteText(text)}, ${quoteName(text)} FROM t; SELECT 2`;
    const [first, second] = splitStatements(sql);
    expect(second).toBe('SELECT 2');
    const end = tokenize(sql).at(-1)!;
    expect([end.kind, end.value, end.start]).toEqual(['eof', ';', first.length]);
  });
});
