import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TdCode } from '../../src/errors';
import { meta, openSystemEngine, type SystemTestEngine } from './helpers';

let t: SystemTestEngine;

beforeEach(async () => {
  t = await openSystemEngine();
});
afterEach(async () => t.close());

describe('DESCRIBE of a system table', () => {
  it('lists its columns with type and length under field/type/length/note, without compression columns', async () => {
    const r = await t.show('DESCRIBE information_schema.ins_users');
    expect(meta(r.columns)).toEqual([
      ['field', 'VARCHAR', 325],
      ['type', 'VARCHAR', 20],
      ['length', 'INT', 4],
      ['note', 'VARCHAR', 16],
    ]);
    const table = await t.table('information_schema', 'ins_users');
    expect(r.rows).toEqual(table.columns.map((c) => [c.name, c.type, c.length, '']));
    expect((await t.show('DESCRIBE performance_schema.perf_connections')).rows[0]).toEqual(['conn_id', 'INT UNSIGNED', 4, '']);
  });

  it('is 9731 for a table the system database does not have', async () => {
    await expect(t.run('DESCRIBE information_schema.ins_nosuch')).rejects.toMatchObject({ code: TdCode.TABLE_NOT_EXIST });
  });

  it('refuses a sysinfo table to a SYSINFO 0 user and hides sysinfo columns from them', async () => {
    await t.run("CREATE USER plain PASS 'plain_pass1' SYSINFO 0");
    await expect(t.run('DESCRIBE information_schema.ins_dnodes', { user: 'plain' })).rejects.toMatchObject({ code: TdCode.PERMISSION_DENIED });
    const fields = (await t.show('DESCRIBE information_schema.ins_databases', { user: 'plain' })).rows.map((r) => r[0]);
    expect(fields).toContain('ntables');
    expect(fields).not.toContain('vgroups');
  });
});
