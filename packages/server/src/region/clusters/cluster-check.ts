import type { ClusterHealth } from '../../store/schema';
import { engineRestCall, type EngineRestAnswer, type EngineTarget } from '../engine-client/rest-call';

/** A check's answer (docs/clusters.md "Health and version"): the version, and every dnode's and mnode's state. */
export interface ClusterCheck {
  health: ClusterHealth;
  /** Why it is not healthy (the nodes not ready, or the error), in the operator's words; null when healthy. */
  detail: string | null;
  serverVersion: string | null;
  dnodes: Array<{ id: number; endpoint: string; status: string }>;
  mnodes: Array<{ id: number; endpoint: string; role: string; status: string }>;
}

const CHECK_TIMEOUT_MS = 10_000;

/** The rows of an answer as objects by column name; an error answer throws with TDengine's code and text. */
function rowsOf(answer: EngineRestAnswer, statement: string): Array<Record<string, unknown>> {
  if (answer.code !== 0) throw new Error(`${statement}: TDengine error ${answer.code} (${answer.desc ?? 'no description'})`);
  const names = (answer.column_meta ?? []).map(([name]) => name);
  return (answer.data ?? []).map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]])));
}

/**
 * Asks the cluster at `target` for its version (`select server_version()`), its dnodes and its mnodes. Healthy when
 * every dnode and mnode is `ready`; degraded when one is not; unreachable when it does not answer, refuses the
 * credentials or answers no version.
 */
export async function checkCluster(target: EngineTarget): Promise<ClusterCheck> {
  const run = async (statement: string) => {
    let answer: EngineRestAnswer;
    try {
      answer = await engineRestCall(target, statement, { timeoutMs: CHECK_TIMEOUT_MS });
    } catch (error) {
      // fetch says "fetch failed" and keeps the reason (refused, no route, timeout) in its cause
      const reason = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
      throw new Error(`${statement}: no answer from ${target.url} (${reason})`, { cause: error });
    }
    return rowsOf(answer, statement);
  };
  let version: unknown;
  let dnodes: ClusterCheck['dnodes'];
  let mnodes: ClusterCheck['mnodes'];
  try {
    [{ 'server_version()': version }] = await run('select server_version()');
    dnodes = (await run('show dnodes')).map((r) => ({ id: Number(r.id), endpoint: String(r.endpoint), status: String(r.status) }));
    mnodes = (await run('show mnodes')).map((r) => ({ id: Number(r.id), endpoint: String(r.endpoint), role: String(r.role), status: String(r.status) }));
  } catch (error) {
    return { health: 'unreachable', detail: (error as Error).message, serverVersion: null, dnodes: [], mnodes: [] };
  }
  const notReady = [
    ...dnodes.filter((d) => d.status !== 'ready').map((d) => `dnode ${d.id} (${d.endpoint}) ${d.status}`),
    ...mnodes.filter((m) => m.status !== 'ready').map((m) => `mnode ${m.id} (${m.endpoint}) ${m.status}`),
  ];
  if (dnodes.length === 0) notReady.push('no dnode listed');
  return { health: notReady.length ? 'degraded' : 'healthy', detail: notReady.length ? notReady.join('; ') : null, serverVersion: String(version), dnodes, mnodes };
}
