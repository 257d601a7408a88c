import { describe, expect, it } from 'vitest';
import { favoriteCreateSchema, favoriteUpdateSchema, isSavedQueryNameTaken, savedQueryFormSchema, savedQueryNameFromSql } from '../src';

const issue = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.success ? null : [result.error!.issues[0].path.join('.'), result.error!.issues[0].message];

describe('saved query rules (server and web form)', () => {
  it('takes a name of 1 to 64 characters, counted as the user sees them, trimmed, nothing invisible', () => {
    const form = (name: string, folder = '') => savedQueryFormSchema.safeParse({ name, folder, shared: false });
    expect(form('  Daily  ').data).toEqual({ name: 'Daily', folder: '', shared: false });
    expect(form('名'.repeat(64)).success).toBe(true);
    expect(form('😀'.repeat(64)).success).toBe(true);
    expect(issue(form('x'.repeat(65)))).toEqual(['name', 'validation.savedQueryName']);
    expect(issue(form('   '))).toEqual(['name', 'validation.savedQueryName']);
    expect(issue(form('a\u200Bb'))).toEqual(['name', 'validation.hiddenCharacter']);
  });

  it('takes one folder level: no "/", at most 64 characters, empty for none', () => {
    const folder = (value: string) => savedQueryFormSchema.safeParse({ name: 'q', folder: value, shared: true });
    expect(folder(' Reports ').data?.folder).toBe('Reports');
    expect(folder('').success).toBe(true);
    expect(issue(folder('a/b'))).toEqual(['folder', 'validation.savedQueryFolder']);
    expect(issue(folder('f'.repeat(65)))).toEqual(['folder', 'validation.savedQueryFolder']);
  });

  it('keeps the spec body {app_id, sql} valid and wants something to change in a PUT', () => {
    expect(favoriteCreateSchema.safeParse({ app_id: 'i1', sql: 'SELECT 1' }).success).toBe(true);
    expect(issue(favoriteCreateSchema.safeParse({ app_id: 'i1', sql: ' ' }))).toEqual(['sql', 'validation.sql']);
    expect(issue(favoriteUpdateSchema.safeParse({}))).toEqual(['', 'validation.formFormat']);
    expect(favoriteUpdateSchema.safeParse({ folder: '' }).success).toBe(true);
  });

  it('names a query after its first line, numbered within 64 characters', () => {
    expect(savedQueryNameFromSql('\n  SELECT   *\n FROM t')).toBe('SELECT *');
    expect(savedQueryNameFromSql('SELECT 1', 3)).toBe('SELECT 1 (3)');
    expect(savedQueryNameFromSql('SELECT \u202E1')).toBe('SELECT 1');
    const long = `SELECT ${'名'.repeat(80)}`;
    expect(Array.from(savedQueryNameFromSql(long))).toHaveLength(64);
    expect(savedQueryNameFromSql(long, 12)).toBe(`${Array.from(long).slice(0, 59).join('')} (12)`);
    // Whatever it gives passes the name rule.
    for (const sql of ['\u200B\u200B', long, 'SELECT 1']) expect(savedQueryFormSchema.safeParse({ name: savedQueryNameFromSql(sql, 2), folder: '', shared: false }).success).toBe(true);
  });

  it('finds a name taken in the same folder only, leaving out the query being renamed', () => {
    const list = [{ id: 'a', name: 'Daily', folder: 'Reports' }];
    expect(isSavedQueryNameTaken(list, ' Daily ', 'Reports')).toBe(true);
    expect(isSavedQueryNameTaken(list, 'Daily', '')).toBe(false);
    expect(isSavedQueryNameTaken(list, 'Daily', 'Reports', 'a')).toBe(false);
  });
});
