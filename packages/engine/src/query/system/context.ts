import { visible } from '../../auth/privileges';
import type { Engine, QueryContext } from '../../engine';
import { TdCode, TdError } from '../../errors';
import { physicalNames } from '../../storage/names';

/**
 * A QueryContext for `user` built as Engine.runQuery builds it — for callers (tests, tools) that run system-table
 * reads or SHOWs directly on an Engine rather than through `engine.execute`.
 */
export function queryContext(engine: Engine, options: { user: string; db?: string; tz?: string; sql?: string }): QueryContext {
  const user = engine.catalog.findUser(options.user);
  if (!user || !user.enable) throw new TdError(TdCode.AUTH_FAILURE, 'Authentication failure');
  return {
    catalog: engine.catalog,
    storage: engine.storage,
    names: physicalNames,
    db: options.db,
    user,
    tz: options.tz,
    nowMs: Date.now(),
    sql: options.sql ?? '',
    canSee: (db) => visible(user, db, engine.catalog.findDatabase(db)?.owner),
    limits: engine.limits,
  };
}
