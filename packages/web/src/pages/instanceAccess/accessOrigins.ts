import type { InstanceAccessSource, InstanceGrantView } from '@tscloud/contracts';

/** One place access comes from: the owner, an organization-level grant, a grant on this instance, or a group (§5). */
export type AccessOrigin = { kind: 'OWNER' | 'ORG' | 'INSTANCE' } | { kind: 'GROUP'; group: string };

/**
 * Where a subject's access comes from, one entry per origin, from its grants: a grant that reaches a user through a
 * group names that group ("managed via the group", §5), even when the user also holds a grant of their own. The
 * row's `source` alone says only the origin the actions act on (ORG when any direct organization grant exists).
 */
export function accessOrigins(row: { source: InstanceAccessSource; grants: readonly InstanceGrantView[]; groups?: readonly string[] }): AccessOrigin[] {
  if (row.source === 'OWNER') return [{ kind: 'OWNER' }];
  const origins: AccessOrigin[] = [];
  const seen = new Set<string>();
  for (const g of row.grants) {
    const origin: AccessOrigin = g.group !== null ? { kind: 'GROUP', group: g.group } : { kind: g.resType === 'ORG' ? 'ORG' : 'INSTANCE' };
    const key = origin.kind === 'GROUP' ? `GROUP:${origin.group}` : origin.kind;
    if (seen.has(key)) continue;
    seen.add(key);
    origins.push(origin);
  }
  if (origins.length) return origins;
  // A row without grant details still says where its access comes from.
  if (row.source === 'GROUP') return (row.groups ?? []).map((group) => ({ kind: 'GROUP', group }));
  return [{ kind: row.source }];
}
