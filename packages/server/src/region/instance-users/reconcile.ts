import type { AppDeps } from '../../deps';
import type { InstanceRow } from '../../store/schema';
import { enginePasswordOf } from '../instances/engine-password';
import { RestSql } from '../monitoring/metrics-sql';
import { loadInstanceAccess } from './access-state';
import { ENGINE_USER_PREFIX, engineUserName, engineUserPassword, engineUserPlan, engineUserSql, type EngineGrant } from './engine-users';
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

async function currentUsers(sql: RestSql): Promise<Map<string, CurrentEngineUser>> {
  const out = new Map<string, CurrentEngineUser>();
  for (const [name, enable, createdb] of await sql.run('SELECT name, `enable`, `createdb` FROM information_schema.ins_users')) {
    const user = String(name);
    if (user.startsWith(ENGINE_USER_PREFIX)) out.set(user, { enabled: Number(enable) === 1, createdb: Number(createdb) === 1, bits: new Set(), scopes: new Map() });
  }
  for (const [name, privilege, db, table] of await sql.run('SELECT user_name, privilege, db_name, table_name FROM information_schema.ins_user_privileges')) {
    const user = out.get(String(name));
    // SUBSCRIBE ON a topic is the topics screen's share (region/topics), not a mirrored grant: left alone here.
    if (!user || String(privilege) === 'subscribe') continue;
    const scope = `${String(db)}\u0000${String(table)}`;
    user.bits.add(`${scope}\u0000${String(privilege)}`);
    user.scopes.set(scope, { db: String(db), table: String(table) });
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
async function apply(run: Statements, instanceId: string, want: DesiredEngineUser, have: CurrentEngineUser | undefined): Promise<void> {
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
  for (const { db, table } of have.scopes.values()) applied = (await run.run(engineUserSql.revokeAll(db, table, want.name))) && applied;
  for (const g of grants) applied = (await run.run(engineUserSql.grant(g, want.name))) && applied;
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
  const sql = new RestSql(row.engineUrl, { user: row.engineUser, password: enginePasswordOf(row) });
  const statements = new Statements(sql);
  const state = await loadInstanceAccess(deps.store.db, row.orgId, row.id);
  const databases = new Set((await sql.run('SELECT name FROM information_schema.ins_databases')).map(([name]) => String(name)));
  const stables = new Set((await sql.run('SELECT db_name, stable_name FROM information_schema.ins_stables')).map(([db, name]) => `${String(db)}.${String(name)}`));
  const exists = (g: EngineGrant) => g.db === '*' || (databases.has(g.db) && (g.table === '*' || stables.has(`${g.db}.${g.table}`)));
  const have = await currentUsers(sql);
  const wanted = new Set<string>();
  for (const user of resolveUsers(state, deps.clock.now())) {
    const plan = engineUserPlan(user.live, user.isOwner);
    const name = user.row.engine_user;
    wanted.add(name);
    await apply(
      statements,
      row.id,
      {
        name,
        password: engineUserPassword(enginePasswordOf(row), name),
        enabled: user.row.status === 'ACTIVE',
        grants: plan.grants.filter(exists),
        createdb: plan.createdb,
      },
      have.get(name),
    );
  }
  for (const name of have.keys()) {
    if (wanted.has(name)) continue;
    if (await statements.run(`DROP USER ${name}`)) appliedGrants.delete(`${row.id}/${name}`);
  }
  nextExpiry.set(row.id, earliestExpiry(state.grants, deps.clock.now()));
  if (statements.failures.length) log.warn({ instanceId: row.id, failures: statements.failures }, 'instance users: engine statements failed (retried at the next reconcile)');
  return statements.failures.length === 0;
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
  const user = engineUserName(memberId);
  return { user, password: engineUserPassword(enginePasswordOf(row), user) };
}
