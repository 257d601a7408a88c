import type { AppDeps } from '../../deps';
import type { InstanceRow } from '../../store/schema';
import { enginePasswordOf } from '../instances/engine-password';
import { RestSql } from '../monitoring/metrics-sql';
import { loadInstanceAccess } from './access-state';
import { engineUserName, engineUserPlan, engineUserSql, type EngineGrant } from './engine-users';
import { clusterSuperuserOf, engineNamingOf, type EngineNaming } from './engine-naming';
import { resolveUsers } from './subjects';

interface DesiredEngineUser {
  name: string;
  password: string;
  enabled: boolean;
  grants: EngineGrant[];
  createdb: boolean;
}

interface CurrentEngineUser {
  enabled: boolean;
  createdb: boolean;
  /** read/write bits per `db\0table` (the engine lists ALL as one read and one write row). */
  bits: Set<string>;
  scopes: Map<string, { db: string; table: string }>;
}

function bitsOf(grants: EngineGrant[]): Set<string> {
  const out = new Set<string>();
  for (const g of grants) {
    const scope = `${g.db}\u0000${g.table}`;
    if (g.privilege !== 'WRITE') out.add(`${scope}\u0000read`);
    if (g.privilege !== 'READ') out.add(`${scope}\u0000write`);
  }
  return out;
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** The instance's engine users by engine name, their grants in the instance's database names. */
async function currentUsers(sql: RestSql, naming: EngineNaming, privileges: unknown[][]): Promise<Map<string, CurrentEngineUser>> {
  const out = new Map<string, CurrentEngineUser>();
  for (const [name, enable, createdb] of await sql.run('SELECT name, `enable`, `createdb` FROM information_schema.ins_users')) {
    const user = String(name);
    if (user.startsWith(naming.prefix)) out.set(user, { enabled: Number(enable) === 1, createdb: Number(createdb) === 1, bits: new Set(), scopes: new Map() });
  }
  for (const [name, privilege, engineDb, table] of privileges) {
    const user = out.get(String(name));
    const db = naming.fromEngineDb(String(engineDb));
    // SUBSCRIBE ON a topic is the topics screen's share (region/topics), not a mirrored grant: left alone here.
    if (!user || db === null || String(privilege) === 'subscribe') continue;
    const scope = `${db}\u0000${String(table)}`;
    user.bits.add(`${scope}\u0000${String(privilege)}`);
    user.scopes.set(scope, { db, table: String(table) });
  }
  return out;
}

/** Runs the statements of a reconcile: one that fails is recorded and the next one still runs. */
class Statements {
  readonly failures: Array<{ statement: string; error: string }> = [];
  constructor(private readonly sql: RestSql) {}

  async run(statement: string): Promise<boolean> {
    try {
      await this.sql.run(statement);
      return true;
    } catch (error) {
      this.failures.push({ statement, error: (error as Error).message });
      return false;
    }
  }
}

/** Brings one engine user in line: created if missing, enabled or not, CREATEDB, grants (revoke all, grant anew). */
async function apply(run: Statements, naming: EngineNaming, instanceId: string, want: DesiredEngineUser, have: CurrentEngineUser | undefined): Promise<void> {
  if (!have) {
    // Without its engine user nothing else of this user can be applied; the next reconcile tries again.
    if (!(await run.run(engineUserSql.create(want.name, want.password)))) return;
    have = { enabled: true, createdb: false, bits: new Set(), scopes: new Map() };
  }
  if (have.enabled !== want.enabled) await run.run(`ALTER USER ${want.name} ENABLE ${want.enabled ? 1 : 0}`);
  if (have.createdb !== want.createdb) await run.run(`ALTER USER ${want.name} CREATEDB ${want.createdb ? 1 : 0}`);
  const grants = want.enabled ? want.grants : [];
  // ALL and READ+WRITE look the same in ins_user_privileges: equal bits are trusted for a wanted ALL only if this
  // process granted exactly these grants before (after a restart, such a user is granted anew once).
  const signature = JSON.stringify(grants);
  const key = `${instanceId}/${want.name}`;
  const ambiguous = grants.some((g) => g.privilege === 'ALL') && appliedGrants.get(key) !== signature;
  if (sameSet(have.bits, bitsOf(grants)) && !ambiguous) return;
  appliedGrants.delete(key);
  let applied = true;
  for (const { db, table } of have.scopes.values()) applied = (await run.run(engineUserSql.revokeAll(naming.toEngineDb(db), table, want.name))) && applied;
  for (const g of grants) applied = (await run.run(engineUserSql.grant({ ...g, db: naming.toEngineDb(g.db) }, want.name))) && applied;
  if (applied) appliedGrants.set(key, signature);
}

/** `instanceId/engine user` → the grants this process last applied (see apply). */
const appliedGrants = new Map<string, string>();

/** One reconcile at a time per instance (the engine's catalog is changed statement by statement). */
const running = new Map<string, Promise<unknown>>();

/** Where a reconcile reports the statements the engine refused (the route's or the app's logger). */
export interface ReconcileLog {
  warn(detail: object, message: string): void;
}

/**
 * Makes the instance engine's member users match the platform (docs/instance-users.md): every instance user
 * gets an engine user, enabled with grants mirroring their live platform grants, or disabled (ENABLE 0, no
 * grants) while none is live; engine users of people who are no instance users any more are dropped. Grants on
 * databases or super tables the engine does not have (yet) are skipped until a later reconcile. Idempotent and
 * tolerant: a statement the engine refuses is logged and the others still run (the next reconcile tries it
 * again). Resolves true when the engine matches the platform, false when some statement failed or the instance
 * is not Running (then nothing is done); rejects only when the engine cannot be read at all.
 */
export function reconcileInstanceUsers(deps: AppDeps, row: InstanceRow, log: ReconcileLog): Promise<boolean> {
  const previous = running.get(row.id) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => reconcileNow(deps, row, log));
  running.set(row.id, next);
  void next.finally(() => {
    if (running.get(row.id) === next) running.delete(row.id);
  }).catch(() => undefined);
  return next;
}

/** The reconcile of this instance in flight, if any (settled, never rejecting). */
export function reconcileInFlight(instanceId: string): Promise<unknown> | undefined {
  return running.get(instanceId)?.catch(() => undefined);
}

async function reconcileNow(deps: AppDeps, row: InstanceRow, log: ReconcileLog): Promise<boolean> {
  if (row.status !== 'Running' || !row.engineUrl) return false;
  const naming = engineNamingOf(row);
  // On a TDengine cluster the namespace's users are the cluster superuser's to make (the tenant guard refuses them).
  const sql = row.clusterId
    ? new RestSql(...superuserArgs(await clusterSuperuserOf(deps.store.db, row.clusterId)))
    : new RestSql(row.engineUrl, { user: row.engineUser, password: enginePasswordOf(row) });
  const statements = new Statements(sql);
  const state = await loadInstanceAccess(deps.store.db, row.orgId, row.id);
  const ownDb = (engineDb: unknown) => naming.fromEngineDb(String(engineDb));
  const databases = new Set((await sql.run('SELECT name FROM information_schema.ins_databases')).map(([name]) => ownDb(name)).filter((db): db is string => db !== null));
  const stables = new Set(
    (await sql.run('SELECT db_name, stable_name FROM information_schema.ins_stables')).flatMap(([db, name]) => (ownDb(db) === null ? [] : [`${ownDb(db)}.${String(name)}`])),
  );
  const exists = (g: EngineGrant) => g.db === '*' || (databases.has(g.db) && (g.table === '*' || stables.has(`${g.db}.${g.table}`)));
  // A grant on every database: on a shared cluster, one grant on each of the instance's own.
  const onDatabases = (g: EngineGrant): EngineGrant[] => (naming.perDatabase && g.db === '*' ? [...databases].sort().map((db) => ({ ...g, db })) : [g]);
  // One read of the grants serves the members' users and the namespace's administrator.
  const privileges = await sql.run('SELECT user_name, privilege, db_name, table_name FROM information_schema.ins_user_privileges');
  const have = await currentUsers(sql, naming, privileges);
  const wanted = new Set<string>();
  for (const user of resolveUsers(state, deps.clock.now())) {
    const plan = engineUserPlan(user.live, user.isOwner);
    const name = naming.engineUser(user.row.engine_user);
    wanted.add(name);
    await apply(
      statements,
      naming,
      row.id,
      {
        name,
        password: naming.passwordOf(name),
        enabled: user.row.status === 'ACTIVE',
        grants: plan.grants.filter(exists).flatMap(onDatabases),
        createdb: plan.createdb,
      },
      have.get(name),
    );
  }
  if (row.clusterNamespace) await grantAdministrator(statements, privileges, naming, row.engineUser, databases);
  for (const name of have.keys()) {
    if (wanted.has(name)) continue;
    if (await statements.run(`DROP USER ${name}`)) appliedGrants.delete(`${row.id}/${name}`);
  }
  nextExpiry.set(row.id, earliestExpiry(state.grants, deps.clock.now()));
  if (statements.failures.length) log.warn({ instanceId: row.id, failures: statements.failures }, 'instance users: engine statements failed (retried at the next reconcile)');
  return statements.failures.length === 0;
}

/**
 * The namespace's administrator (the gateway's and the console's own engine user on a shared cluster) holds ALL on
 * each of the namespace's databases, whoever made it: granted here as databases come.
 */
async function grantAdministrator(run: Statements, privileges: unknown[][], naming: EngineNaming, admin: string, databases: Set<string>): Promise<void> {
  const held = new Set<string>();
  for (const [name, privilege, engineDb, table] of privileges) {
    if (String(name) === admin && String(table) === '*') held.add(`${String(engineDb)}\u0000${String(privilege)}`);
  }
  for (const db of databases) {
    const engineDb = naming.toEngineDb(db);
    if (!held.has(`${engineDb}\u0000read`) || !held.has(`${engineDb}\u0000write`)) await run.run(engineUserSql.grant({ privilege: 'ALL', db: engineDb, table: '*' }, admin));
  }
}

/** `instanceId` → when the first live grant reaching it expires (the engine must follow then); null: none does. */
const nextExpiry = new Map<string, number | null>();

function earliestExpiry(grants: Array<{ status: string; expiration: number | null }>, now: number): number | null {
  const future = grants.filter((g) => g.status === 'ACTIVE' && g.expiration !== null && g.expiration > now).map((g) => g.expiration as number);
  return future.length ? Math.min(...future) : null;
}

/** Whether a grant that reached the instance at its last reconcile in this process has expired since. */
export function grantExpiredSinceReconcile(instanceId: string, now: number): boolean {
  const at = nextExpiry.get(instanceId);
  return at !== undefined && at !== null && at <= now;
}

/** The engine credentials a member's SQL runs with on an instance (engine-sync.ts keeps them current). */
export function engineCredentialsOf(row: InstanceRow, memberId: string): { user: string; password: string } {
  const naming = engineNamingOf(row);
  const user = naming.engineUser(engineUserName(memberId));
  return { user, password: naming.passwordOf(user) };
}

function superuserArgs(superuser: { url: string; user: string; password: string }): ConstructorParameters<typeof RestSql> {
  return [superuser.url, { user: superuser.user, password: superuser.password }];
}
