import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDemo, openSystemEngine, type SystemTestEngine } from './helpers';

/** The boundary with the query layer: SELECT over system tables through engine.execute. */

let t: SystemTestEngine;

beforeEach(async () => {
  t = await openSystemEngine();
  await createDemo(t);
  await t.run("CREATE USER reader PASS 'r3ader_pw' SYSINFO 0");
  await t.run('GRANT READ ON other.* TO reader');
});
afterEach(async () => t.close());

describe('SELECT over information_schema', () => {
  it('filters, projects and counts system-table rows', async () => {
    const dbs = await t.show("SELECT name, `precision`, `keep` FROM information_schema.ins_databases WHERE name = 'power'");
    expect(dbs.rows).toEqual([['power', 'us', '365d,365d,365d']]);
    const count = await t.show("SELECT count(*) FROM information_schema.ins_tables WHERE db_name = 'power' AND `type` = 'CHILD_TABLE'");
    expect(count.rows.map((r) => r.map(Number))).toEqual([[2]]);
    const tags = await t.show("SELECT tag_value FROM information_schema.ins_tags WHERE table_name = 'd1001' AND tag_name = 'location'");
    expect(tags.rows).toEqual([['California.SanFrancisco']]);
  });

  it('applies the same visibility: granted databases only, sysinfo tables refused', async () => {
    const dbs = await t.show('SELECT name FROM information_schema.ins_databases', { user: 'reader' });
    expect(dbs.rows).toEqual([['information_schema'], ['performance_schema'], ['other']]);
    await expect(t.run('SELECT * FROM information_schema.ins_dnodes', { user: 'reader' })).rejects.toMatchObject({ code: 0x2644 });
    await expect(t.run('SELECT `vgroups` FROM information_schema.ins_databases', { user: 'reader' })).rejects.toMatchObject({ code: 0x2602 });
  });
});
