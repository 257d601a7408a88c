import { BUILTIN_ROLE_PRIVILEGES, type PrivilegeName } from '@tscloud/contracts';

/** A role's privileges: built-in roles follow the code's catalogue, custom roles what they store. */
export function rolePrivileges(role: { builtin: string | null; privileges: readonly string[] }): PrivilegeName[] {
  if (role.builtin) return [...(BUILTIN_ROLE_PRIVILEGES[role.builtin] ?? [])];
  return role.privileges as PrivilegeName[];
}
