import { ALL_PRIVILEGES, type PrivilegeName } from '@tscloud/contracts';

/** The privilege catalogue grouped by its first segment (org, user, instance, db …) for the role form. */
export function privilegeGroups(all: readonly PrivilegeName[] = ALL_PRIVILEGES): Array<{ area: string; privileges: PrivilegeName[] }> {
  const groups = new Map<string, PrivilegeName[]>();
  for (const p of all) {
    const area = p.split(':')[0] ?? p;
    groups.set(area, [...(groups.get(area) ?? []), p]);
  }
  return [...groups].map(([area, privileges]) => ({ area, privileges }));
}
