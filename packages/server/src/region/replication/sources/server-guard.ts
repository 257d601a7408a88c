import { eq, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../../deps';
import { instances } from '../../../store/schema';
import { checkTarget, type OwnEngine } from './guard';
import { serveSourceGuard } from './guard-channel';
import type { TargetGuard } from './target';

/** The engines of this server's instances (every organization's): where they listen, and whose they are. */
async function ownEngines(deps: AppDeps): Promise<OwnEngine[]> {
  const rows = await deps.store.db.select({ orgId: instances.orgId, engineUrl: instances.engineUrl }).from(instances).where(isNotNull(instances.engineUrl));
  return rows.flatMap((row) => {
    try {
      const url = new URL(row.engineUrl!);
      return [{ orgId: row.orgId, host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)) }];
    } catch {
      return [];
    }
  });
}

/** The guard for sources read on behalf of an organization's instance (the check, sample and task run). */
export function serverGuard(deps: AppDeps, orgId: string | null): TargetGuard {
  return (connector, host, port) => checkTarget({ connector, host, port, orgId }, deps.config.datainGuard, () => ownEngines(deps));
}

/** Serves the task workers' guard questions (guard-channel.ts) with the task's instance's organization. */
export function serveWorkerGuard(deps: AppDeps): () => void {
  return serveSourceGuard(async (instanceId) => {
    const [row] = await deps.store.db.select({ orgId: instances.orgId }).from(instances).where(eq(instances.id, instanceId));
    return serverGuard(deps, row?.orgId ?? null);
  });
}
