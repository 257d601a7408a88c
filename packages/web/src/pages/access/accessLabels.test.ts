import { describe, expect, it } from 'vitest';
import { ALL_PRIVILEGES, BuiltinRole } from '@tscloud/contracts';
import { access as en } from '../../i18n/en/access';
import { access as zh } from '../../i18n/zh/access';
import { privilegeGroups } from './privilegeGroups';

/** Issue 14 item 10: every privilege of the catalogue, its area and every built-in role have a name in both languages. */
describe('access catalogue names', () => {
  it('names every privilege, privilege area and built-in role in en and zh', () => {
    const keys = [
      ...ALL_PRIVILEGES.map((p) => `access.privilege.${p}`),
      ...privilegeGroups().map((g) => `access.privilegeArea.${g.area}`),
      ...Object.values(BuiltinRole).map((r) => `access.builtinRole.${r}`),
    ];
    expect(keys.filter((k) => !(k in en))).toEqual([]);
    expect(keys.filter((k) => !(k in zh))).toEqual([]);
    // A name, not the code again.
    expect(ALL_PRIVILEGES.filter((p) => (zh as Record<string, string>)[`access.privilege.${p}`] === p)).toEqual([]);
  });
});
