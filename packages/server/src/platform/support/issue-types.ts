import { asc, eq } from 'drizzle-orm';
import type { Language, TicketType } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { supportIssueTypes } from '../../store/schema';

/** The issue-type dictionary (GET /dict/issuetype), labelled in the caller's language. */
export async function issueTypes(db: Db, language: Language): Promise<TicketType[]> {
  const rows = await db.select().from(supportIssueTypes).orderBy(asc(supportIssueTypes.sort));
  return rows.map((row) => ({ id: row.id, name: language === 'zh' ? row.nameZh : row.nameEn }));
}

export async function issueTypeExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: supportIssueTypes.id }).from(supportIssueTypes).where(eq(supportIssueTypes.id, id)).limit(1)).length > 0;
}
