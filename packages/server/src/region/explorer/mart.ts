import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ACCESS_CODE_LENGTH, ApiCode, type MartEntry } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { databaseMart, databaseMartImports, type DatabaseMartRow, type InstanceRow } from '../../store/schema';
import { basicAuthorization, engineRestCall, type EngineTarget } from '../engine-client/rest-call';
import { quoteName, quoteText } from '@tscloud/contracts/sql';
import { engineConnectionOf } from '../instances/engine-endpoint';
import { enginePasswordOf } from '../instances/engine-password';
import { findOrgInstance } from '../instances/instance-repo';
import { engineUserPassword } from '../instance-users/engine-users';
import { instanceEngine, runAsMember } from '../engine-client/member-engine';

/**
 * The database mart (docs/explorer-server.md "Database mart"): a published database is read by others through a
 * read-only engine user of its own on the publishing instance — `s_` + 16 hex digits of SHA-256(entry id), READ
 * on `db.*` only, password derived like the member users' (HMAC under the instance's superuser password), never
 * stored or handed out. The member users' reconcile leaves `s_` users alone (it manages `u_` ones only).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ENGINE_TIMEOUT_MS = 30_000;

/** 32 letters and digits (§5), uniformly drawn. */
export function newAccessCode(): string {
  let out = '';
  while (out.length < ACCESS_CODE_LENGTH) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 × 62: bytes above are dropped so every character is equally likely.
      if (byte < 248 && out.length < ACCESS_CODE_LENGTH) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export const readerUserName = (entryId: string) => `s_${createHash('sha256').update(entryId).digest('hex').slice(0, 16)}`;

export function martEntryView(row: DatabaseMartRow, viewer: { orgId: string | null; imported: boolean }): MartEntry {
  const owned = viewer.orgId === row.orgId;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    db_name: row.dbName,
    region_id: row.regionId,
    access_code: owned || viewer.imported || row.platform ? row.accessCode : null,
    platform: row.platform,
    owned,
    imported: viewer.imported,
    app_id: owned ? row.instanceId : null,
    created_at: row.createdAt,
  };
}

const run = (target: EngineTarget, sql: string) => runAsMember(target, sql, { timeoutMs: ENGINE_TIMEOUT_MS });

/** Creates (or repairs) the entry's read-only engine user: READ on the database, nothing else. */
export async function ensureReader(row: InstanceRow, entry: Pick<DatabaseMartRow, 'id' | 'dbName'>): Promise<void> {
  const target = instanceEngine(row);
  const name = readerUserName(entry.id);
  const existing = await run(target, `SELECT name FROM information_schema.ins_users WHERE name = ${quoteText(name)}`);
  if ((existing.data ?? []).length === 0) {
    const created = await run(target, `CREATE USER ${name} PASS ${quoteText(engineUserPassword(enginePasswordOf(row), name))} SYSINFO 0`);
    if (created.code !== 0) throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.sqlServiceUnavailable');
  }
  const granted = await run(target, `GRANT READ ON ${quoteName(entry.dbName)}.* TO ${name}`);
  if (granted.code !== 0) throw ApiError.badRequest('error.databaseNotFound');
}

export async function dropReader(row: InstanceRow, entryId: string): Promise<void> {
  const connection = engineConnectionOf(row);
  if (connection) await engineRestCall(connection, `DROP USER ${readerUserName(entryId)}`, { timeoutMs: ENGINE_TIMEOUT_MS }).catch(() => undefined);
}

export function readerTarget(row: InstanceRow, entryId: string): EngineTarget {
  const connection = instanceEngine(row);
  const name = readerUserName(entryId);
  return { ...connection, authorization: basicAuthorization(name, engineUserPassword(enginePasswordOf(row), name)) };
}

/**
 * Publishes a database of an instance: checks the database exists (as the instance superuser), creates its
 * reader and records the entry with a fresh access code.
 */
export async function publishDatabase(
  deps: AppDeps,
  row: InstanceRow,
  input: { dbName: string; title: string; description: string; platform?: boolean; createdBy: string | null },
): Promise<DatabaseMartRow> {
  const target = instanceEngine(row);
  const found = await run(target, `SELECT name FROM information_schema.ins_databases WHERE name = ${quoteText(input.dbName)}`);
  if ((found.data ?? []).length === 0) throw ApiError.badRequest('error.databaseNotFound');
  const id = randomUUID();
  await ensureReader(row, { id, dbName: input.dbName });
  return recordEntry(deps, row, { ...input, id });
}

/**
 * Records an entry without asking the engine (the operator's `platform-db publish`, run while the engines are
 * down): its reader is made at the first read (the token call repairs a missing reader). `platform` entries are
 * listed to every signed-in user.
 */
export async function recordEntry(
  deps: Pick<AppDeps, 'store' | 'clock'>,
  row: InstanceRow,
  input: { id?: string; dbName: string; title: string; description: string; platform?: boolean; createdBy: string | null },
): Promise<DatabaseMartRow> {
  const [entry] = await deps.store.db
    .insert(databaseMart)
    .values({
      id: input.id ?? randomUUID(),
      orgId: row.orgId,
      instanceId: row.id,
      regionId: row.regionId,
      dbName: input.dbName,
      title: input.title,
      description: input.description,
      accessCode: newAccessCode(),
      platform: input.platform ?? false,
      createdBy: input.createdBy,
      createdAt: deps.clock.now(),
    })
    .returning();
  return entry;
}

/** The entry an access code opens, with its instance (null: no such code, or the instance is gone). */
export async function entryByCode(deps: AppDeps, code: string): Promise<{ entry: DatabaseMartRow; row: InstanceRow } | null> {
  const [entry] = await deps.store.db.select().from(databaseMart).where(eq(databaseMart.accessCode, code)).limit(1);
  if (!entry) return null;
  const row = await findOrgInstance(deps.store.db, entry.orgId, entry.instanceId);
  return row ? { entry, row } : null;
}

export async function isImported(deps: AppDeps, orgId: string, entryId: string): Promise<boolean> {
  const rows = await deps.store.db
    .select({ entryId: databaseMartImports.entryId })
    .from(databaseMartImports)
    .where(and(eq(databaseMartImports.orgId, orgId), eq(databaseMartImports.entryId, entryId)))
    .limit(1);
  return rows.length > 0;
}
