import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestEngine, type TestEngine } from './helpers';

let t: TestEngine;

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE power');
  await t.run('CREATE DATABASE other');
  await t.run("CREATE USER writer PASS 'wr1ter_pw'");
});
afterEach(async () => t.close());

const denied = { code: 0x2644 };
const CREATE = (db: string) => `CREATE STABLE ${db}.meters (ts TIMESTAMP, v INT) TAGS (g INT)`;

/** TDengine's create-stable check is write on the database (mndCheckDbPrivilege MND_OPER_WRITE_DB), not drop/alter. */
describe('CREATE STABLE privilege', () => {
  it('is allowed with WRITE on db.* (no ALL needed) and only in that database', async () => {
    await t.run('GRANT WRITE ON power.* TO writer');
    await t.run(CREATE('power'), { user: 'writer' });
    const r = await t.run("SELECT stable_name FROM information_schema.ins_stables WHERE db_name = 'power'");
    expect(r.kind === 'rows' && r.rows).toEqual([['meters']]);
    await expect(t.run(CREATE('other'), { user: 'writer' })).rejects.toMatchObject(denied);
  });

  it('is allowed with WRITE on *.* and with ALL on db.*', async () => {
    await t.run('GRANT WRITE ON *.* TO writer');
    await t.run(CREATE('other'), { user: 'writer' });
    await t.run("CREATE USER admin PASS 'adm1nx_pw'");
    await t.run('GRANT ALL ON power.* TO admin');
    await t.run(CREATE('power'), { user: 'admin' });
  });

  it('is refused with READ only, or with WRITE on one table of the database', async () => {
    await t.run('CREATE TABLE power.n (ts TIMESTAMP, v INT)');
    await t.run('GRANT READ ON power.* TO writer');
    await t.run('GRANT WRITE ON power.n TO writer');
    await expect(t.run(CREATE('power'), { user: 'writer' })).rejects.toMatchObject(denied);
  });
});
