import { describe, expect, it } from 'vitest';
import { caseCommonType } from '../../src/query/planner/case-type';
import type { DataTypeName, TypeSpec } from '../../src/types';
import { useQueryFixture } from './fixture';

const f = useQueryFixture();
const t = (name: DataTypeName, length?: number): TypeSpec => (length === undefined ? { name } : { name, length });

// TDengine's common type of CASE branches of different types (34_operators_types#109–#119, 36_select_clauses#248–#259)
describe('CASE over branches of different types', () => {
  it('pairs: BOOL takes the other type, signed with unsigned widens, floats with integers or numbers with text are text', () => {
    expect(caseCommonType([t('BOOL'), t('INT')])).toEqual(t('INT'));
    expect(caseCommonType([t('TIMESTAMP'), t('BIGINT')])).toEqual(t('BIGINT'));
    expect(caseCommonType([t('TINYINT'), t('INT UNSIGNED')])).toEqual(t('BIGINT'));
    expect(caseCommonType([t('SMALLINT'), t('TINYINT UNSIGNED')])).toEqual(t('SMALLINT'));
    expect(caseCommonType([t('TINYINT'), t('BIGINT UNSIGNED')])).toEqual(t('VARCHAR', 63));
    expect(caseCommonType([t('INT'), t('DOUBLE')])).toEqual(t('VARCHAR', 63));
    expect(caseCommonType([t('FLOAT'), t('DOUBLE')])).toEqual(t('DOUBLE'));
    expect(caseCommonType([t('INT'), t('VARCHAR', 12)])).toEqual(t('VARCHAR', 63));
    expect(caseCommonType([t('VARCHAR', 12), t('NCHAR', 6)])).toEqual(t('NCHAR', 6));
    expect(caseCommonType([t('NCHAR', 6), t('DOUBLE')])).toEqual(t('NCHAR', 64));
    expect(caseCommonType([t('INT'), t('INT')])).toBeUndefined();
  });

  it('VARBINARY with VARCHAR is 0x2802, with a number 12880', () => {
    expect(() => caseCommonType([t('VARBINARY', 8), t('VARCHAR', 12)])).toThrow(expect.objectContaining({ code: 0x2802 }));
    expect(() => caseCommonType([t('VARBINARY', 8), t('INT')])).toThrow(expect.objectContaining({ code: 0x3250 }));
  });

  it('each branch is cast to the common type: numbers as text, BOOL as an integer', async () => {
    const r = await f.query('select case when voltage > 220 then voltage else phase end, case when voltage > 220 then true else voltage end from d0 where voltage in (219, 221) order by ts');
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([['VARCHAR', 63], ['INT', 4]]);
    expect(r.rows[1]).toEqual(['221', 1]);
  });

  it('text branches are at least VARCHAR(2), folded or not, and otherwise the longest branch', async () => {
    const r = await f.query("select case when voltage > 220 then 'T' else 'N' end, case when 1 > 0 then 'abc' end, case when voltage > 1 then 'ab' else 'abcde' end from d0");
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([['VARCHAR', 2], ['VARCHAR', 3], ['VARCHAR', 5]]);
  });
});
