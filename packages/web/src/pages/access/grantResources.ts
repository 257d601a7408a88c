import type { GrantResource, ResTypeValue, RoleGrant } from '@tscloud/contracts';

/**
 * The resources of a grant below organization level, as the server stores them: INSTANCE → the instance ids;
 * DATABASE → database names inside one instance; STABLE/VIEW → `db.name` inside one instance.
 */
export function toGrantResources(resType: ResTypeValue, instanceIds: readonly string[], instanceId: string | null, names: readonly string[]): GrantResource[] {
  if (resType === 'ORG') return [];
  if (resType === 'INSTANCE') return instanceIds.map((id) => ({ resId: id, instanceId: id }));
  if (!instanceId) return [];
  return names
    .map((n) => n.trim())
    .filter((n) => n !== '')
    .map((n) => (resType === 'DATABASE' ? { resId: n, resName: n, instanceId } : { resId: n, resName: n.split('.').pop() ?? n, instanceId, databaseId: n.split('.')[0] }));
}

/** STABLE and VIEW names are `db.name`. */
export function isQualifiedName(resType: ResTypeValue, name: string): boolean {
  return resType === 'STABLE' || resType === 'VIEW' ? /^[^.\s]+\.[^.\s]+$/.test(name.trim()) : name.trim() !== '';
}

/**
 * Where a grant acts, as people name it: its instance by alias (the id only when the instance is gone), then the
 * database object inside it; null for the whole organization.
 */
export function grantResourceLabel(g: Pick<RoleGrant, 'resType' | 'resId' | 'instance_id' | 'instanceAlias'>): string | null {
  if (g.resType === 'ORG') return null;
  const instance = g.instanceAlias ?? g.instance_id ?? g.resId ?? '';
  return g.resType === 'INSTANCE' ? instance : `${instance} / ${g.resId ?? ''}`;
}
