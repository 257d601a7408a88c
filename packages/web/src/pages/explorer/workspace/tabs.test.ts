import { describe, expect, it } from 'vitest';
import { afterClose, ITEM_TAB, nextNumber, readWorkspace, workspaceKey, writeWorkspace, type WorkspaceTab } from './tabs';

/** A Storage over a Map (the tests run without a DOM). */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

const sql = (n: number, over: Partial<WorkspaceTab> = {}): WorkspaceTab => ({ kind: 'sql', id: `q${n}`, n, text: `select ${n}`, database: null, ...over }) as WorkspaceTab;

describe('workspace tabs', () => {
  it('are stored per instance and read back as written', () => {
    const storage = memoryStorage();
    const state = { tabs: [sql(1, { database: 'power', title: 'Mine' }), { kind: 'preview' as const, id: 'q2', n: 2, text: '', database: 'power', table: 'meters', range: { preset: '1h' as const }, source: 'shared/e1' }], active: 'q2' };
    writeWorkspace('i1', state, storage);
    expect(readWorkspace('i1', storage)).toEqual(state);
    expect(readWorkspace('i2', storage)).toEqual({ tabs: [], active: ITEM_TAB });
  });

  it('drops what cannot be read: bad JSON, another shape, tabs missing their fields', () => {
    const storage = memoryStorage();
    storage.setItem(workspaceKey('i1'), '{not json');
    expect(readWorkspace('i1', storage)).toEqual({ tabs: [], active: ITEM_TAB });
    storage.setItem(workspaceKey('i1'), JSON.stringify({ tabs: 'x' }));
    expect(readWorkspace('i1', storage).tabs).toEqual([]);
    storage.setItem(workspaceKey('i1'), JSON.stringify({ tabs: [sql(1), { kind: 'sql', id: 'q2' }, { kind: 'preview', id: 'q3', n: 3, text: '' }, null], active: 7 }));
    expect(readWorkspace('i1', storage)).toEqual({ tabs: [sql(1)], active: ITEM_TAB });
  });

  it('numbers a new tab one above the highest open; closing opens the left neighbour, else the right, else the item', () => {
    expect(nextNumber([])).toBe(1);
    expect(nextNumber([sql(1), sql(4), sql(2)])).toBe(5);
    const tabs = [sql(1), sql(2), sql(3)];
    expect(afterClose(tabs, 'q2')).toBe('q1');
    expect(afterClose(tabs, 'q1')).toBe('q2');
    expect(afterClose([sql(1)], 'q1')).toBe(ITEM_TAB);
  });
});
