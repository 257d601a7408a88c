import { describe, expect, it } from 'vitest';
import { isQualifiedName, toGrantResources } from './grantResources';

describe('grant resources', () => {
  it('organization level has none; instance level lists instances', () => {
    expect(toGrantResources('ORG', ['i1'], 'i1', ['db'])).toEqual([]);
    expect(toGrantResources('INSTANCE', ['i1', 'i2'], null, [])).toEqual([{ resId: 'i1', instanceId: 'i1' }, { resId: 'i2', instanceId: 'i2' }]);
  });
  it('databases, super tables and views live in one instance', () => {
    expect(toGrantResources('DATABASE', [], null, ['db'])).toEqual([]);
    expect(toGrantResources('DATABASE', [], 'i1', ['power', ' '])).toEqual([{ resId: 'power', resName: 'power', instanceId: 'i1' }]);
    expect(toGrantResources('STABLE', [], 'i1', ['power.meters'])).toEqual([{ resId: 'power.meters', resName: 'meters', instanceId: 'i1', databaseId: 'power' }]);
  });
  it('super tables and views are named db.name', () => {
    expect(isQualifiedName('STABLE', 'power.meters')).toBe(true);
    expect(isQualifiedName('VIEW', 'meters')).toBe(false);
    expect(isQualifiedName('DATABASE', 'power')).toBe(true);
  });
});
