import { TdCode, TdError } from '../errors';
import { alterStable } from '../exec/alter';
import type { ExecContext } from '../exec/context';
import { createStable } from '../exec/tables';
import { ident, newStable, schemaChanges, type Needs } from './schema-plan';

/** Creates or alters the super table so it can hold the group's points (under the DDL lock). */
export async function ensureSchema(ctx: ExecContext, db: string, g: { stable: string }, needs: Needs): Promise<void> {
  const qualified = { db: ident(db), name: ident(g.stable) };
  const existing = ctx.catalog.database(db).stables[g.stable];
  if (!existing) {
    if (ctx.catalog.lookup(db, g.stable)) throw new TdError(TdCode.TABLE_ALREADY_EXISTS, `Table already exists: ${g.stable} is not a super table`);
    const { columns, tags } = newStable(needs);
    await createStable(ctx, { kind: 'createStable', ifNotExists: true, name: qualified, columns, tags, options: {} });
    return;
  }
  for (const action of schemaChanges(existing, needs)) await alterStable(ctx, { kind: 'alterStable', name: qualified, action });
}
