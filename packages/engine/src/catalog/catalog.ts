import { TdCode, TdError } from '../errors';
import { hashPassword } from '../auth/password';
import { checkLimit, type Limits } from '../limits/limits';
import type { DbOptions } from './db-options';
import type {
  CatalogData,
  ChildOptions,
  ChildTableRef,
  DatabaseEntry,
  GrantDef,
  NormalTableDef,
  StableDef,
  UserDef,
  ViewDef,
} from './model';
import { CatalogStore } from './store';

export type TableLookup =
  | { kind: 'stable'; stable: StableDef }
  | { kind: 'normal'; table: NormalTableDef }
  | { kind: 'child'; child: ChildTableRef; stable: StableDef };

export const ROOT_USER = 'root';
export const ROOT_PASSWORD = 'taosdata';
const SYSTEM_DBS = new Set(['information_schema', 'performance_schema']);

/**
 * The system catalog: what catalog.json holds plus the in-memory index of child tables (whose rows live in DuckDB).
 * Every mutation validates first and persists before returning. Storage side effects are the caller's job
 * (see src/exec), done before the catalog mutation for creates and after it for drops.
 */
export class Catalog {
  private readonly children = new Map<string, Map<string, ChildTableRef>>();
  private readonly nextTids = new Map<string, number>();

  private constructor(
    private readonly store: CatalogStore,
    private readonly data: CatalogData,
    private limitsOf: () => Limits,
  ) {}

  /** Opens DIR/catalog.json; a new catalog gets one superuser (root/taosdata unless configured). */
  static open(dataDir: string, limits: () => Limits, admin = { user: ROOT_USER, password: ROOT_PASSWORD }): Catalog {
    const store = new CatalogStore(dataDir);
    const loaded = store.load();
    const data: CatalogData = loaded ?? { version: 1, nextStableId: 1, databases: {}, users: {} };
    const catalog = new Catalog(store, data, limits);
    if (!loaded) {
      data.users[admin.user] = {
        name: admin.user,
        password: hashPassword(admin.password),
        superuser: true,
        sysinfo: true,
        createdb: true,
        enable: true,
        createTime: Date.now(),
        hosts: ['127.0.0.1/32'],
        grants: [],
      };
      catalog.save();
    }
    for (const db of Object.values(data.databases)) catalog.resetTids(db.name);
    // A catalog written before DROP DATABASE dropped privileges may still hold grants on databases that are gone.
    const stale = new Set(Object.values(data.users).flatMap((u) => u.grants.map((g) => g.db)).filter((db) => db !== '*' && db !== '' && !data.databases[db]));
    if (stale.size) {
      for (const db of stale) catalog.dropGrantsOn(db);
      catalog.save();
    }
    return catalog;
  }

  /** The instance's limits now (limits.json may change while the engine runs). */
  limits(): Limits {
    return this.limitsOf();
  }

  setLimits(limits: () => Limits): void {
    this.limitsOf = limits;
  }

  save(): void {
    this.store.save(this.data);
  }

  // ---- databases ----

  isSystemDb(name: string): boolean {
    return SYSTEM_DBS.has(name);
  }

  databases(): DatabaseEntry[] {
    return Object.values(this.data.databases);
  }

  findDatabase(name: string): DatabaseEntry | undefined {
    return this.data.databases[name];
  }

  database(name: string): DatabaseEntry {
    const db = this.data.databases[name];
    if (!db) throw TdError.dbNotExist();
    return db;
  }

  createDatabase(name: string, options: DbOptions, owner: string): DatabaseEntry {
    if (this.data.databases[name] || SYSTEM_DBS.has(name)) {
      throw new TdError(TdCode.DB_ALREADY_EXISTS, 'Database already exists');
    }
    checkLimit(this.limitsOf(), 'maxDatabases', Object.keys(this.data.databases).length);
    const entry: DatabaseEntry = { name, createTime: Date.now(), options, owner, stables: {}, tables: {}, views: {} };
    this.data.databases[name] = entry;
    this.children.set(name, new Map());
    this.nextTids.set(name, 1);
    this.save();
    return entry;
  }

  alterDatabase(name: string, options: DbOptions): void {
    this.database(name).options = options;
    this.save();
  }

  dropDatabase(name: string): void {
    delete this.data.databases[name];
    this.children.delete(name);
    this.nextTids.delete(name);
    this.dropGrantsOn(name);
    this.save();
  }

  // ---- tables ----

  lookup(db: string, name: string): TableLookup | undefined {
    const entry = this.database(db);
    const stable = entry.stables[name];
    if (stable) return { kind: 'stable', stable };
    const table = entry.tables[name];
    if (table) return { kind: 'normal', table };
    const child = this.children.get(db)?.get(name);
    if (child) return { kind: 'child', child, stable: entry.stables[child.stable] };
    return undefined;
  }

  /** A table that must exist: error 9731 `Table does not exist : name` otherwise. */
  table(db: string, name: string): TableLookup {
    const found = this.lookup(db, name);
    if (!found) throw TdError.tableNotExist(name);
    return found;
  }

  private assertNameFree(db: string, name: string): void {
    const entry = this.database(db);
    if (entry.stables[name]) throw new TdError(TdCode.STABLE_ALREADY_EXISTS, 'STable already exists');
    if (entry.tables[name] || this.children.get(db)?.has(name)) {
      throw new TdError(TdCode.TABLE_ALREADY_EXISTS, 'Table already exists');
    }
    if (entry.views[name]) throw new TdError(TdCode.PAR_VIEW_CONFLICT_WITH_TABLE, 'View name is conflict with table');
  }

  /** Throws unless `name` can be created in db; checks the table limits too. */
  checkNewTable(db: string, name: string, stable: boolean): void {
    this.assertNameFree(db, name);
    // a database created with SINGLE_STABLE 1 holds one super table
    if (stable && this.database(db).options.singleStable === 1 && Object.keys(this.database(db).stables).length > 0) {
      throw new TdError(TdCode.MND_SINGLE_STB_MODE_DB, 'Database is single stable mode');
    }
    if (stable) checkLimit(this.limitsOf(), 'maxStables', this.stableCount());
    else checkLimit(this.limitsOf(), 'maxTables', this.tableCount());
  }

  stableCount(): number {
    return this.databases().reduce((n, d) => n + Object.keys(d.stables).length, 0);
  }

  tableCount(): number {
    let n = 0;
    for (const d of this.databases()) n += Object.keys(d.tables).length + (this.children.get(d.name)?.size ?? 0);
    return n;
  }

  createStable(db: string, def: Omit<StableDef, 'id' | 'createTime'>): StableDef {
    this.checkNewTable(db, def.name, true);
    const stable: StableDef = { ...def, id: this.data.nextStableId++, createTime: Date.now() };
    this.database(db).stables[def.name] = stable;
    this.save();
    return stable;
  }

  /** Reserves the id a new super table will get, so storage can create its tables first. */
  peekStableId(): number {
    return this.data.nextStableId;
  }

  updateStable(db: string, stable: StableDef): void {
    this.database(db).stables[stable.name] = stable;
    this.save();
  }

  dropStable(db: string, name: string): void {
    const entry = this.database(db);
    delete entry.stables[name];
    const index = this.children.get(db);
    if (index) {
      for (const [child, ref] of index) {
        if (ref.stable !== name) continue;
        index.delete(child);
        if (entry.childOptions) delete entry.childOptions[child];
      }
    }
    this.dropGrantsOn(db, name);
    this.save();
  }

  allocateTid(db: string): number {
    const next = this.nextTids.get(db) ?? 1;
    this.nextTids.set(db, next + 1);
    return next;
  }

  createNormalTable(db: string, def: NormalTableDef): void {
    this.database(db).tables[def.name] = def;
    this.save();
  }

  updateNormalTable(db: string, def: NormalTableDef): void {
    this.database(db).tables[def.name] = def;
    this.save();
  }

  dropNormalTable(db: string, name: string): void {
    delete this.database(db).tables[name];
    this.dropGrantsOn(db, name);
    this.save();
  }

  /** Child tables are registered in memory only: their durable record is the tag-table row. */
  registerChild(db: string, ref: ChildTableRef): void {
    let index = this.children.get(db);
    if (!index) this.children.set(db, (index = new Map()));
    index.set(ref.name, ref);
    if (ref.tid >= (this.nextTids.get(db) ?? 1)) this.nextTids.set(db, ref.tid + 1);
  }

  /** Removes a child table from the index, and its TTL/COMMENT if it had them. */
  unregisterChild(db: string, name: string): void {
    this.children.get(db)?.delete(name);
    const options = this.findDatabase(db)?.childOptions;
    if (options?.[name]) {
      delete options[name];
      this.save();
    }
  }

  childOptions(db: string, name: string): ChildOptions | undefined {
    return this.database(db).childOptions?.[name];
  }

  /** Stores a child table's TTL/COMMENT; none of either removes its entry. */
  setChildOptions(db: string, name: string, options: ChildOptions): void {
    const entry = this.database(db);
    const kept: ChildOptions = {};
    if (options.ttl) kept.ttl = options.ttl;
    if (options.comment !== undefined) kept.comment = options.comment;
    if (kept.ttl === undefined && kept.comment === undefined) {
      if (!entry.childOptions?.[name]) return;
      delete entry.childOptions[name];
    } else {
      (entry.childOptions ??= {})[name] = kept;
    }
    this.save();
  }

  childTables(db: string, stable?: string): ChildTableRef[] {
    const all = [...(this.children.get(db)?.values() ?? [])];
    return stable === undefined ? all : all.filter((c) => c.stable === stable);
  }

  /** Sets the tid counter after (re)loading a database: above every normal table and registered child. */
  resetTids(db: string): void {
    const entry = this.database(db);
    let max = 0;
    for (const t of Object.values(entry.tables)) max = Math.max(max, t.tid);
    for (const c of this.children.get(db)?.values() ?? []) max = Math.max(max, c.tid);
    this.nextTids.set(db, max + 1);
  }

  // ---- views ----

  createView(view: ViewDef, replace: boolean): void {
    const entry = this.database(view.db);
    if (entry.views[view.name] && !replace) throw new TdError(TdCode.TABLE_ALREADY_EXISTS, 'View already exists');
    if (entry.stables[view.name] || entry.tables[view.name] || this.children.get(view.db)?.has(view.name)) {
      throw new TdError(TdCode.PAR_VIEW_CONFLICT_WITH_TABLE, 'View name is conflict with table');
    }
    entry.views[view.name] = view;
    this.save();
  }

  findView(db: string, name: string): ViewDef | undefined {
    return this.findDatabase(db)?.views[name];
  }

  dropView(db: string, name: string): void {
    delete this.database(db).views[name];
    this.save();
  }

  // ---- users ----

  users(): UserDef[] {
    return Object.values(this.data.users);
  }

  findUser(name: string): UserDef | undefined {
    return this.data.users[name];
  }

  user(name: string): UserDef {
    const u = this.data.users[name];
    if (!u) throw new TdError(TdCode.INVALID_USER, 'User not exist');
    return u;
  }

  createUser(user: Omit<UserDef, 'grants' | 'createTime' | 'superuser'>): void {
    if (this.data.users[user.name]) throw new TdError(TdCode.USER_ALREADY_EXISTS, 'User already exists');
    this.data.users[user.name] = { ...user, superuser: false, createTime: Date.now(), grants: [] };
    this.save();
  }

  updateUser(user: UserDef): void {
    this.data.users[user.name] = user;
    this.save();
  }

  dropUser(name: string): void {
    this.user(name);
    delete this.data.users[name];
    this.save();
  }

  grant(name: string, grants: GrantDef[]): void {
    const u = this.user(name);
    for (const g of grants) {
      const same = u.grants.find((x) => x.db === g.db && x.table === g.table && x.privilege === g.privilege);
      if (same) same.condition = g.condition;
      else u.grants.push(g);
    }
    this.save();
  }

  /**
   * Privileges on a dropped database (every table of it when `table` is absent) or a dropped table go with it, as
   * TDengine's mnode does (mndUserRemoveDb / mndUserRemoveStb): a database or table made again later under the same
   * name starts without grants, and REVOKE (which needs the database to exist) is never needed to clean up.
   * The caller saves.
   */
  private dropGrantsOn(db: string, table?: string): void {
    for (const user of Object.values(this.data.users)) {
      user.grants = user.grants.filter((g) => g.db !== db || (table !== undefined && g.table !== table));
    }
  }

  revoke(name: string, privileges: GrantDef[]): void {
    const u = this.user(name);
    for (const r of privileges) {
      // Revoking READ from ALL leaves WRITE (and the other way round), as TDengine keeps the two bits apart.
      const next: GrantDef[] = [];
      for (const g of u.grants) {
        if (g.db !== r.db || g.table !== r.table) next.push(g);
        else if (r.privilege === 'ALL' || g.privilege === r.privilege) continue;
        else if (g.privilege === 'ALL') next.push({ ...g, privilege: r.privilege === 'READ' ? 'WRITE' : 'READ' });
        else next.push(g);
      }
      u.grants = next;
    }
    this.save();
  }
}
