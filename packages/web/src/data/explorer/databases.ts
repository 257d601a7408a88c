import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SqlResult } from '@tscloud/contracts';
import { http } from '../../api/http';
import { databaseInfoSql, databaseOptions, showCreateDatabaseSql, type DatabaseOptions } from '../../explorer-sql';
import type { InstanceRef } from '../instances/control';
import { explorerKeys } from './keys';
import { engineResult, sqlCall, sqlObjects } from '../sql/run';

const region = (i: InstanceRef) => `/region/${encodeURIComponent(i.region_id)}`;

/** createdb / dropdb answer with the engine's result: code 0 or the desc is shown and the call fails (§7). */
async function privateDbCall(instance: InstanceRef, action: 'createdb' | 'dropdb', db: string, sql: string): Promise<void> {
  const result = await http.post<SqlResult>(`${region(instance)}/private/data/sql/${action}/${encodeURIComponent(instance.id)}/${encodeURIComponent(db)}`, { sql }, { silent: true });
  engineResult(result);
}

/** POST /api/region/{r}/private/data/sql/createdb/{instanceId}/{dbName}, body {sql}. */
export const createDatabase = (instance: InstanceRef, db: string, sql: string) => privateDbCall(instance, 'createdb', db, sql);
/** POST /api/region/{r}/private/data/sql/dropdb/{instanceId}/{dbName}, body {sql}. */
export const dropDatabase = (instance: InstanceRef, db: string, sql: string) => privateDbCall(instance, 'dropdb', db, sql);

/**
 * The database's row of information_schema.ins_databases (the view-database panel) and its options (the edit form).
 * A member's engine user may lack system-info rights, so ins_databases leaves most option columns out: the options
 * are read from SHOW CREATE DATABASE, which names every one (the row's values, then defaults, if it is refused).
 */
export async function fetchDatabaseInfo(instance: InstanceRef, db: string): Promise<{ row: Record<string, unknown>; options: DatabaseOptions } | null> {
  const [row] = await sqlObjects(instance, databaseInfoSql(db));
  if (!row) return null;
  const created = await sqlCall(instance, showCreateDatabaseSql(db)).then(
    (r) => (r.data[0]?.[1] === undefined || r.data[0][1] === null ? null : String(r.data[0][1])),
    () => null,
  );
  return { row, options: databaseOptions(row, created) };
}

export function useDatabaseInfo(instance: InstanceRef, db: string | null) {
  return useQuery({ queryKey: explorerKeys.databaseInfo(instance.id, db ?? ''), queryFn: () => fetchDatabaseInfo(instance, db!), enabled: db !== null });
}

/** Create, alter (through the SQL call) and drop; each refreshes the tree. */
export function useDatabaseMutations(instance: InstanceRef) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: explorerKeys.instance(instance.id) });
  return {
    create: useMutation({ mutationFn: ({ db, sql }: { db: string; sql: string }) => createDatabase(instance, db, sql), onSuccess: refresh }),
    alter: useMutation({ mutationFn: ({ sql }: { sql: string }) => sqlCall(instance, sql).then(() => undefined), onSuccess: refresh }),
    drop: useMutation({ mutationFn: ({ db, sql }: { db: string; sql: string }) => dropDatabase(instance, db, sql), onSuccess: refresh }),
  };
}
