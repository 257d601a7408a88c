import { eq } from 'drizzle-orm';
import { martPublishSchema } from '@tscloud/contracts';
import type { Command } from '../../ops/commands';
import { databaseMart, instances } from '../../store/schema';
import { recordEntry } from './mart';

/**
 * `npm run ops -- platform-db …`: the platform databases every signed-in user sees (GET /data/database/platform;
 * docs/explorer-server.md "Database mart"). An entry names an instance's database; its read-only engine user is
 * made at the first read.
 */
export const PLATFORM_DB_COMMANDS: Record<string, Command> = {
  'platform-db list': {
    usage: 'platform-db list',
    help: 'list the platform databases',
    run: async (deps, _args, print) => {
      const rows = await deps.store.db.select().from(databaseMart).where(eq(databaseMart.platform, true)).orderBy(databaseMart.createdAt);
      if (rows.length === 0) return print('(none)');
      for (const r of rows) print(`${r.id}  ${r.instanceId}/${r.dbName}  ${r.title}`);
    },
  },
  'platform-db publish': {
    usage: 'platform-db publish <instance id> <database> <title…>',
    help: 'offer a database of an instance to every signed-in user, read-only',
    run: async (deps, [instanceId, dbName, ...words], print) => {
      const input = martPublishSchema.safeParse({ app_id: instanceId ?? '', db_name: dbName ?? '', title: words.join(' ') });
      if (!input.success) throw new Error('usage: platform-db publish <instance id> <database> <title…>');
      const [row] = await deps.store.db.select().from(instances).where(eq(instances.id, input.data.app_id)).limit(1);
      if (!row || row.status === 'Deleted') throw new Error(`no instance ${instanceId}`);
      const entry = await recordEntry(deps, row, { dbName: input.data.db_name, title: input.data.title, description: input.data.description, platform: true, createdBy: null });
      print(`platform database ${entry.id}: ${row.id}/${entry.dbName} "${entry.title}"`);
    },
  },
  'platform-db remove': {
    usage: 'platform-db remove <entry id>',
    help: 'stop offering a platform database',
    run: async (deps, [id], print) => {
      const removed = await deps.store.db.delete(databaseMart).where(eq(databaseMart.id, id ?? '')).returning();
      if (removed.length === 0) throw new Error(`no platform database ${id ?? ''}`);
      print(`removed ${removed[0].id}`);
    },
  },
};
