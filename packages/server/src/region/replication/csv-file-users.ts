import { and, eq } from 'drizzle-orm';
import { ACTIVE_TASK_STATUSES, type CsvFileUser } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { datainTasks } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { csvFileNames } from './sources/csv';

/** The instance's CSV tasks by the files they name (a task whose files are unreadable names none). */
export async function csvFileUsers(db: Db, instanceId: string): Promise<Map<string, CsvFileUser[]>> {
  const rows = await db
    .select({ id: datainTasks.id, name: datainTasks.name, status: datainTasks.status, config: datainTasks.config })
    .from(datainTasks)
    .where(and(eq(datainTasks.instanceId, instanceId), eq(datainTasks.connector, 'csv')));
  const users = new Map<string, CsvFileUser[]>();
  for (const row of rows) {
    let names: string[];
    try {
      names = csvFileNames(row.config.params ?? {});
    } catch {
      continue;
    }
    const user: CsvFileUser = { id: row.id, name: row.name, active: ACTIVE_TASK_STATUSES.includes(row.status) };
    for (const name of new Set(names)) users.set(name, [...(users.get(name) ?? []), user]);
  }
  return users;
}

/**
 * A file an active (queued, running, stopping) CSV task reads is neither deleted nor replaced: the reader's position
 * (file index, records read) would point into another file. Stopped, failed or completed tasks do not hold it; the
 * screen warns that they name it.
 */
export async function refuseChangeOfFileInUse(db: Db, instanceId: string, name: string): Promise<void> {
  const active = (await csvFileUsers(db, instanceId)).get(name)?.find((user) => user.active);
  if (active) throw ApiError.conflict('datasource.error.csvFileInUse', active.name);
}
