import { BuiltinRole } from '@tscloud/contracts';
import { i18n, type WebKey } from '../../i18n';

/**
 * Names people read for the access catalogue's codes, in the current language: privileges (`org:read` → "View
 * organization"), their areas, and the built-in roles. Every privilege of the catalogue has a name in both languages
 * (pages/access/accessLabels.test.ts); a code without one shows as itself. Screens keep the code visible beside the name.
 */
function named(key: string, fallback: string): string {
  return i18n.exists(key) ? i18n.t(key as WebKey) : fallback;
}

export const privilegeLabel = (code: string): string => named(`access.privilege.${code}`, code);
export const privilegeAreaLabel = (area: string): string => named(`access.privilegeArea.${area}`, area);

const BUILTIN_NAMES: ReadonlySet<string> = new Set(Object.values(BuiltinRole));

/** A role's name: the built-in Admin, Developer and Viewer in the current language, custom roles as named. */
export function roleLabel(name: string): string {
  return BUILTIN_NAMES.has(name) ? named(`access.builtinRole.${name}`, name) : name;
}
