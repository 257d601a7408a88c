import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_TASK_STATUSES } from '@tscloud/contracts';
import { splitStatements, withoutLeadingComments } from '@tscloud/contracts/sql';
import type { Db } from '../../../store/database';
import { datainTasks } from '../../../store/schema';
import { ApiError } from '../../../http/api-error';

/**
 * §8: a database a data-source task writes to cannot be dropped while the task may write (queued, running,
 * stopping). The explorer's drop-database call and the SQL console both ask here before the engine sees the drop.
 */
export async function refuseDropOfDataSourceDatabase(db: Db, instanceId: string, dbName: string): Promise<void> {
  const [using] = await db
    .select({ id: datainTasks.id })
    .from(datainTasks)
    .where(and(eq(datainTasks.instanceId, instanceId), inArray(datainTasks.status, [...ACTIVE_TASK_STATUSES]), sql`lower(${datainTasks.targetDb}) = lower(${dbName})`))
    .limit(1);
  if (using) throw ApiError.conflict('datasource.error.databaseInUse');
}

const DROP_DATABASE = /^drop\s+database\s+(?:if\s+exists\s+)?(`[^`]+`|[A-Za-z_][A-Za-z0-9_]*)\s*;?\s*$/i;

/** The databases a SQL text drops (each statement that is a DROP DATABASE), names unquoted. */
export function droppedDatabases(text: string): string[] {
  return splitStatements(text)
    .map((statement) => DROP_DATABASE.exec(withoutLeadingComments(statement).trim()))
    .filter((match) => match !== null)
    .map((match) => (match[1].startsWith('`') ? match[1].slice(1, -1) : match[1]));
}

/** Refuses a SQL console text that drops a database a data-source task writes to. */
export async function refuseDataSourceDrops(db: Db, instanceId: string, text: string): Promise<void> {
  if (!/drop\s+database/i.test(text)) return;
  for (const name of droppedDatabases(text)) await refuseDropOfDataSourceDatabase(db, instanceId, name);
}
