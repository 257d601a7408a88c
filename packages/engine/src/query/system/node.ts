import { ENGINE_VERSION } from '@tscloud/contracts';
import crypto from 'node:crypto';
import os from 'node:os';
import type { Catalog } from '../../catalog/catalog';

/**
 * The one-node "cluster" the engine presents in the node tables (ins_dnodes, ins_mnodes, ins_cluster ...): a single
 * dnode 1 that is also mnode and qnode, reached on TDengine's native port.
 */
export const DNODE_ID = 1;
export const NATIVE_PORT = 6030;
/** What `server_version()` and ins_cluster report: a 3.3-series version so clients' version gates pass. */
export const SERVER_VERSION = ENGINE_VERSION;

/** When this engine process started (reboot_time, uptime). */
export const PROCESS_START_MS = Date.now() - Math.round(process.uptime() * 1000);

export function endpoint(): string {
  return `${os.hostname()}:${NATIVE_PORT}`;
}

/** The cluster was created with the catalog, which created its first user at the same moment. */
export function clusterCreateTime(catalog: Catalog): number {
  return Math.min(...catalog.users().map((u) => u.createTime));
}

/** A stable cluster id and name derived from the data directory and creation time (TDengine prints a random id). */
export function clusterIdentity(dataDir: string, createTime: number): { id: bigint; name: string } {
  const digest = crypto.createHash('sha256').update(`${dataDir}\n${createTime}`).digest();
  const id = digest.readBigInt64BE(0) & 0x7fffffffffffffffn;
  const hex = digest.subarray(8, 24).toString('hex');
  const name = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return { id, name };
}

/** TDengine's default qnode/vnode capacity of a dnode: 2 × cores + 5. */
export function supportVnodes(): number {
  return os.cpus().length * 2 + 5;
}
