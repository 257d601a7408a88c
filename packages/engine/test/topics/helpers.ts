import type { Engine } from '../../src/engine';
import type { SubscribeRequest } from '../../src/topics/consumers';

/** Polls a library-level consumer until `want` rows arrived (or `tries` empty polls); returns the row texts. */
export async function drain(engine: Engine, consumerId: string, opts: { want?: number; tries?: number; commit?: boolean } = {}): Promise<{ table: string; row: string }[]> {
  const out: { table: string; row: string }[] = [];
  let empty = 0;
  while (empty < (opts.tries ?? 3) && (opts.want === undefined || out.length < opts.want)) {
    const m = await engine.consumers.poll(consumerId, 50);
    if (!m) {
      empty++;
      continue;
    }
    for (let b = engine.consumers.fetch(consumerId, m.id); b; b = engine.consumers.fetch(consumerId, m.id)) {
      for (const row of b.rows) out.push({ table: b.tableName, row });
    }
    if (opts.commit) engine.consumers.commit(consumerId, m.id);
  }
  return out;
}

export function subscribe(engine: Engine, request: Partial<SubscribeRequest> & { topics: string[] }): string {
  const root = engine.catalog.user('root');
  return engine.consumers.subscribe(root, { groupId: 'g1', autoCommit: false, ...request }, '127.0.0.1').id;
}
