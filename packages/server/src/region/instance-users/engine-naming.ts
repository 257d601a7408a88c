import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../store/database';
import { tdengineClusters, type InstanceRow } from '../../store/schema';
import { openWithKnownKeys } from '../../secrets/secret-box';
import { clusterPasswordContext } from '../clusters/cluster-repo';
import { TenantNamespace } from '../clusters/tenant-guard';
import { enginePasswordOf } from '../instances/engine-password';
import { ENGINE_USER_PREFIX, engineUserPassword } from './engine-users';

/**
 * How the instance users of one instance are named where its engine keeps them (docs/instance-users.md; on a
 * TDengine cluster docs/clusters.md step 4): on an engine of ours as the console shows them (`u_<hash>`), with grants
 * on the instance's database names; on a shared cluster inside the instance's namespace, within TDengine's 23-byte
 * user names, with grants on the namespace's databases and a password of the shape TDengine 3.3.7 takes.
 */
export interface EngineNaming {
  /** Engine users with this prefix are the instance's; others are left alone. */
  prefix: string;
  /** The engine's name of the user the console shows as `shown` (`u_<hash>`). */
  engineUser(shown: string): string;
  /** The engine password of an engine user. */
  passwordOf(engineUser: string): string;
  /** The engine's name of an instance database ('*' stays). */
  toEngineDb(db: string): string;
  /** The instance's name of an engine database; null for one that is not the instance's. */
  fromEngineDb(db: string): string | null;
  /** Whether a grant on every database must be written as one grant per database (a shared cluster's `*` is everyone's). */
  perDatabase: boolean;
}

/** TDengine's longest user name. */
const USER_NAME_BYTES = 23;

export function engineNamingOf(row: Pick<InstanceRow, 'id' | 'enginePassword' | 'clusterNamespace'>): EngineNaming {
  const secret = enginePasswordOf(row);
  if (!row.clusterNamespace) {
    return {
      prefix: ENGINE_USER_PREFIX,
      engineUser: (shown) => shown,
      passwordOf: (user) => engineUserPassword(secret, user),
      toEngineDb: (db) => db,
      fromEngineDb: (db) => db,
      perDatabase: false,
    };
  }
  const ns = new TenantNamespace(row.clusterNamespace);
  return {
    prefix: ns.own(ENGINE_USER_PREFIX),
    engineUser: (shown) => ns.own(shown).slice(0, USER_NAME_BYTES),
    passwordOf: (user) => clusterUserPassword(secret, user),
    toEngineDb: (db) => (db === '*' ? db : ns.own(db)),
    fromEngineDb: (db) => (db === '*' || db === '' ? db : ns.owns(db) ? ns.strip(db) : null),
    perDatabase: true,
  };
}

/**
 * A member's password on a cluster: an HMAC of the user under the instance's secret like on our engine, cut to the
 * 16 characters TDengine 3.3.7 allows, with an upper-case letter, a lower-case letter and a digit (three classes).
 */
export function clusterUserPassword(secret: string, user: string): string {
  const letters = createHmac('sha256', secret).update(user).digest('base64').replace(/[^A-Za-z0-9]/g, '');
  return `${letters.slice(0, 13)}Qq7`;
}

/** The cluster's superuser, for what only it may do on the cluster (engine users and grants of a namespace). */
export async function clusterSuperuserOf(db: Db, clusterId: string): Promise<{ url: string; user: string; password: string }> {
  const [cluster] = await db.select().from(tdengineClusters).where(eq(tdengineClusters.id, clusterId)).limit(1);
  if (!cluster) throw new Error(`no TDengine cluster ${clusterId}`);
  return { url: cluster.restUrl, user: cluster.adminUser, password: openWithKnownKeys(cluster.adminPassword, clusterPasswordContext(cluster.id)) };
}
