import { describe, expect, it } from 'vitest';
import { selectionFromSearch } from './context';

describe('selectionFromSearch', () => {
  it('opens the super table, table or database the address names', () => {
    expect(selectionFromSearch(new URLSearchParams('db=power&stable=out'))).toEqual({ kind: 'stable', db: 'power', name: 'out' });
    expect(selectionFromSearch(new URLSearchParams('db=power&table=d1'))).toEqual({ kind: 'table', db: 'power', name: 'd1' });
    expect(selectionFromSearch(new URLSearchParams('db=power'))).toEqual({ kind: 'database', db: 'power' });
  });
  it('selects nothing without a database', () => {
    expect(selectionFromSearch(new URLSearchParams('stable=out'))).toBeNull();
    expect(selectionFromSearch(new URLSearchParams(''))).toBeNull();
  });
});
