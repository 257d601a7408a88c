import { describe, expect, it } from 'vitest';
import { usedDatabase } from '../../src/sql';

describe('usedDatabase (the console keeps the database a USE makes current)', () => {
  it('reads the name of a USE statement as the engine does', () => {
    expect(usedDatabase('USE power')).toBe('power');
    expect(usedDatabase('  use Power ; ')).toBe('power');
    expect(usedDatabase('/* pick */ USE power')).toBe('power');
    expect(usedDatabase('USE `Mixed Case`')).toBe('Mixed Case');
    expect(usedDatabase('USE `a``b`')).toBe('a`b');
  });

  it('is null for anything else', () => {
    expect(usedDatabase('SELECT * FROM power.meters')).toBeNull();
    expect(usedDatabase('USE')).toBeNull();
    expect(usedDatabase('USE a b')).toBeNull();
    expect(usedDatabase("SELECT 'USE power'")).toBeNull();
    expect(usedDatabase('USE a; SELECT 1')).toBeNull();
  });
});
