import type { TenantNamespace } from './tenant-guard';

/**
 * Names in the TMQ WebSocket protocol of an instance on a shared TDengine cluster (docs/clusters.md "Topics over the
 * WebSocket"): topics and consumer groups are cluster-wide there, so the instance's `tp` and group `g` are the
 * cluster's `<ns>_tp` and `<ns>_g`, and the answers name them back without the prefix — as the tenant SQL guard does
 * for statements. Requests are rewritten before they leave the console, answers before a client sees them.
 */

type Args = Record<string, unknown>;

const own = (ns: TenantNamespace, value: unknown): unknown => (typeof value === 'string' ? ns.own(value) : value);
const strip = (ns: TenantNamespace, value: unknown): unknown => (typeof value === 'string' ? ns.strip(value) : value);

/** A request's arguments with the instance's topic and group names as the cluster knows them. */
export function tenantTmqRequest(args: Args, ns: TenantNamespace): Args {
  const out: Args = { ...args };
  if (Array.isArray(out.topics)) out.topics = out.topics.map((t) => own(ns, t));
  if ('group_id' in out) out.group_id = own(ns, out.group_id);
  if ('topic' in out) out.topic = own(ns, out.topic);
  if (Array.isArray(out.topic_vgroup_ids)) {
    out.topic_vgroup_ids = out.topic_vgroup_ids.map((p: unknown) => (p && typeof p === 'object' ? { ...(p as Args), topic: own(ns, (p as Args).topic) } : p));
  }
  return out;
}

/** An answer with the cluster's names of the namespace's topics, groups and databases as the instance names them. */
export function tenantTmqReply<T extends Args>(reply: T, ns: TenantNamespace): T {
  const out: Args = { ...reply };
  if ('topic' in out) out.topic = strip(ns, out.topic);
  if ('database' in out) out.database = strip(ns, out.database);
  if (Array.isArray(out.topics)) out.topics = out.topics.map((t) => strip(ns, t));
  if (typeof out.message === 'string') out.message = ns.stripText(out.message);
  return out as T;
}
