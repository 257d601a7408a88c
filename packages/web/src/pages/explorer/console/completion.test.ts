// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';
import { CompletionContext } from '@codemirror/autocomplete';
import { QueryClient } from '@tanstack/react-query';
import { catalogCompletion, completionTarget, referencedTables, statementAt } from './completion';
import { consoleKeys } from '../../../data/console/keys';

describe('completion targets', () => {
  it('tells a member after a dot from a plain word', () => {
    expect(completionTarget('select * from power.me')).toEqual({ kind: 'member', qualifier: 'power', prefix: 'me' });
    expect(completionTarget('select * from `power`.')).toEqual({ kind: 'member', qualifier: 'power', prefix: '' });
    expect(completionTarget('select cur')).toEqual({ kind: 'word', prefix: 'cur' });
  });

  it('finds the tables a statement names', () => {
    expect(referencedTables('select * from power.meters m join power.d1 on m.ts = d1.ts', null)).toEqual([
      { db: 'power', table: 'meters' },
      { db: 'power', table: 'd1' },
    ]);
    expect(referencedTables('describe meters', 'power')).toEqual([{ db: 'power', table: 'meters' }]);
    expect(referencedTables('select * from `my db`.`t 1`', null)).toEqual([{ db: 'my db', table: 't 1' }]);
    expect(referencedTables('select * from meters', null)).toEqual([]);
  });

  it('takes the statement around the cursor', () => {
    const text = 'select 1; select cur from power.meters; show databases';
    expect(statementAt(text, text.indexOf('cur') + 3)).toBe('select cur from power.meters');
  });
});

describe('catalog completion', () => {
  const client = new QueryClient();
  const instance = { id: 'i1', region_id: 'local' };
  client.setQueryData(consoleKeys.databases('i1'), ['power']);
  client.setQueryData(consoleKeys.tables('i1', 'power'), [{ name: 'meters', kind: 'stable' }, { name: 'd1', kind: 'child', stable: 'meters' }]);
  client.setQueryData(consoleKeys.columns('i1', 'power', 'meters'), [{ name: 'current', type: 'FLOAT', length: 4, isTag: false }, { name: 'location', type: 'VARCHAR', length: 24, isTag: true }]);
  const source = catalogCompletion({ client, instance, currentDb: () => null });
  // Cached data is fresh for the catalog's stale time, so no call is made here.
  const complete = async (doc: string, pos = doc.length) => {
    const state = EditorState.create({ doc });
    return source(new CompletionContext(state, pos, true));
  };

  it('lists tables after a database and columns of the named tables', async () => {
    const tables = await complete('select * from power.');
    expect(tables?.options.map((o) => o.label)).toEqual(['meters', 'd1']);
    const doc = 'select cu from power.meters';
    const words = await complete(doc, doc.indexOf('cu') + 2);
    const labels = words!.options.map((o) => o.label);
    expect(labels).toContain('current');
    expect(labels).toContain('location');
    expect(labels).toContain('power');
    expect(labels).toContain('SELECT');
    expect(labels).toContain('avg');
    expect(words!.from).toBe(doc.indexOf('cu'));
  });
});
