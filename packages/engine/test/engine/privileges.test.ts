import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestEngine, type TestEngine } from './helpers';

let t: TestEngine;
const NOW = Date.now();

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE power');
  await t.run('CREATE DATABASE other');
  await t.run('CREATE STABLE power.meters (ts TIMESTAMP, v INT) TAGS (g INT)');
  await t.run("CREATE USER reader PASS 'r3ader_pw'");
  await t.run("CREATE USER writer PASS 'wr1ter_pw'");
});
afterEach(async () => t.close());

const denied = { code: 0x2644 };

describe('users and grants', () => {
  it('authenticates with hashed passwords and reports 855 for a wrong one', () => {
    expect(t.engine.authenticate('reader', 'r3ader_pw').name).toBe('reader');
    expect(() => t.engine.authenticate('reader', 'nope')).toThrow(expect.objectContaining({ code: 855 }));
    expect(() => t.engine.authenticate('ghost', 'x')).toThrow(expect.objectContaining({ code: 855 }));
  });

  it('lets a read-only user read but never write, and only granted databases', async () => {
    await t.run('GRANT READ ON power.* TO reader');
    await expect(t.run(`INSERT INTO power.c1 USING power.meters TAGS (1) VALUES (${NOW}, 1)`, { user: 'reader' })).rejects.toMatchObject(denied);
    await expect(t.run('CREATE TABLE power.n (ts TIMESTAMP, v INT)', { user: 'reader' })).rejects.toMatchObject(denied);
    await expect(t.run(`DELETE FROM power.meters WHERE ts < ${NOW}`, { user: 'reader' })).rejects.toMatchObject(denied);
    expect((await t.run('DESCRIBE power.meters', { user: 'reader' })).kind).toBe('rows');
    await expect(t.run('DESCRIBE other.x', { user: 'reader' })).rejects.toMatchObject({ code: 0x2603 });
    await t.run('CREATE TABLE other.x (ts TIMESTAMP, v INT)');
    await expect(t.run('DESCRIBE other.x', { user: 'reader' })).rejects.toMatchObject(denied);
    await expect(t.run('USE other', { user: 'reader' })).rejects.toMatchObject(denied);
  });

  it('lets a writer write granted tables, and REVOKE takes it back', async () => {
    await t.run('GRANT WRITE ON power.* TO writer');
    await t.run(`INSERT INTO power.c1 USING power.meters TAGS (1) VALUES (${NOW}, 1)`, { user: 'writer' });
    expect(await t.rows('power', 'c1')).toHaveLength(1);
    await t.run('REVOKE WRITE ON power.* FROM writer');
    await expect(t.run(`INSERT INTO power.c1 VALUES (${NOW + 1}, 2)`, { user: 'writer' })).rejects.toMatchObject(denied);
  });

  it('reserves user management, database creation and ALTER/DROP DATABASE to the right users', async () => {
    await expect(t.run("CREATE USER x PASS 'abc_12345'", { user: 'reader' })).rejects.toMatchObject(denied);
    await expect(t.run('GRANT ALL ON power.* TO reader', { user: 'reader' })).rejects.toMatchObject(denied);
    await expect(t.run('CREATE DATABASE mine', { user: 'reader' })).rejects.toMatchObject(denied);
    await expect(t.run('DROP DATABASE power', { user: 'writer' })).rejects.toMatchObject(denied);
    await t.run('ALTER USER reader CREATEDB 1');
    await t.run('CREATE DATABASE mine', { user: 'reader' });
    // the owner has every privilege on its database
    await t.run('CREATE TABLE mine.t (ts TIMESTAMP, v INT)', { user: 'reader' });
    await t.run('DROP DATABASE mine', { user: 'reader' });
    // a user may change its own password only
    await t.run("ALTER USER reader PASS 'n3wpass_pw'", { user: 'reader' });
    expect(t.engine.authenticate('reader', 'n3wpass_pw').name).toBe('reader');
    await expect(t.run('ALTER USER reader SYSINFO 0', { user: 'reader' })).rejects.toMatchObject(denied);
    await expect(t.run("ALTER USER writer PASS 'zzz_12345'", { user: 'reader' })).rejects.toMatchObject(denied);
  });

  it('validates users: duplicates, lengths, root cannot be dropped, disabled users cannot log in', async () => {
    await expect(t.run("CREATE USER reader PASS 'x_123456'")).rejects.toMatchObject({ code: 0x0350 });
    await expect(t.run(`CREATE USER ${'u'.repeat(24)} PASS 'x_123456'`)).rejects.toMatchObject({ code: 0x2610 });
    // TDengine 3.3.7.5 refuses a password under 8 bytes, at creation and when changed (0x2611)
    for (const sql of ["CREATE USER shorty PASS 'short'", "CREATE USER shorty PASS ''", "ALTER USER reader PASS 'x'", "CREATE USER shorty PASS 'äbcdef'"]) {
      await expect(t.run(sql)).rejects.toMatchObject({ code: 0x2611, message: 'Password too short or empty' });
    }
    await t.run("CREATE USER shorty PASS 'äbcdefg'"); // 8 bytes in UTF-8
    await expect(t.run(`CREATE USER longpass PASS '${'p'.repeat(32)}'`)).rejects.toMatchObject({ code: 0x2610 });
    await expect(t.run('DROP USER root')).rejects.toMatchObject({ code: 0x0356 });
    await expect(t.run('DROP USER ghost')).rejects.toMatchObject({ code: 0x0351 });
    await t.run('ALTER USER reader ENABLE 0');
    expect(() => t.engine.authenticate('reader', 'r3ader_pw')).toThrow(expect.objectContaining({ code: 855 }));
    await t.run('DROP USER writer');
    expect(t.engine.catalog.findUser('writer')).toBeUndefined();
  });

  it('keeps tag conditions of table grants', async () => {
    await t.run('GRANT READ ON power.meters WITH g = 1 TO reader');
    expect(t.engine.catalog.user('reader').grants).toEqual([{ privilege: 'READ', db: 'power', table: 'meters', condition: 'g = 1' }]);
  });
});

describe('privileges go with what they are on (issue 13 item 2, TDengine mndUserRemoveDb/Stb)', () => {
  const privilegeRows = async () => {
    const result = await t.run('SELECT user_name, privilege, db_name, table_name FROM information_schema.ins_user_privileges');
    return result.kind === 'rows' ? result.rows.filter((r) => r[0] !== 'root') : [];
  };

  it('DROP DATABASE drops the privileges on it and on its tables; other databases keep theirs', async () => {
    await t.run('GRANT READ ON power.* TO reader');
    await t.run('GRANT WRITE ON power.meters TO writer');
    await t.run('GRANT ALL ON other.* TO reader');
    await t.run('GRANT READ ON *.* TO writer');
    await t.run('DROP DATABASE power');
    expect(await privilegeRows()).toEqual([
      ['reader', 'read', 'other', '*'],
      ['reader', 'write', 'other', '*'],
      ['writer', 'read', '*', '*'],
    ]);
    // a database made again under the same name starts without grants
    await t.run('CREATE DATABASE power');
    await t.run('CREATE TABLE power.t (ts TIMESTAMP, v INT)');
    await expect(t.run('SELECT * FROM power.t', { user: 'reader' })).rejects.toMatchObject(denied);
    // and nothing is left that REVOKE would have to clean up
    expect(t.engine.catalog.user('reader').grants.some((g) => g.db === 'power')).toBe(false);
  });

  it('DROP STABLE and DROP TABLE drop the privileges on that table only', async () => {
    await t.run('CREATE TABLE power.plain (ts TIMESTAMP, v INT)');
    await t.run('GRANT READ ON power.meters TO reader');
    await t.run('GRANT WRITE ON power.plain TO reader');
    await t.run('GRANT READ ON power.* TO writer');
    await t.run('DROP STABLE power.meters');
    await t.run('DROP TABLE power.plain');
    expect(await privilegeRows()).toEqual([['writer', 'read', 'power', '*']]);
  });
});

describe('CREATE VIEW checks its query as its creator (issue 12 item 16)', () => {
  it('refuses a view over a database or table the creator cannot read (9796), as reading it would be', async () => {
    await t.run('CREATE TABLE other.secret (ts TIMESTAMP, v INT)');
    await t.run('GRANT ALL ON power.* TO writer');
    await expect(t.run('SELECT * FROM other.secret', { user: 'writer' })).rejects.toMatchObject(denied);
    await expect(t.run('CREATE VIEW power.leak AS SELECT * FROM other.secret', { user: 'writer' })).rejects.toMatchObject(denied);
    // also through a subquery, a join or another view
    await expect(t.run('CREATE VIEW power.leak AS SELECT * FROM (SELECT ts, v FROM other.secret)', { user: 'writer' })).rejects.toMatchObject(denied);
    await expect(t.run('CREATE VIEW power.leak AS SELECT a.ts FROM power.meters a JOIN other.secret b ON a.ts = b.ts', { user: 'writer' })).rejects.toMatchObject(denied);
    await t.run('CREATE VIEW other.secret_view AS SELECT ts, v FROM other.secret');
    await expect(t.run('CREATE VIEW power.leak AS SELECT * FROM other.secret_view', { user: 'writer' })).rejects.toMatchObject(denied);
    expect(t.engine.catalog.findView('power', 'leak')).toBeUndefined();
    // a table it may read is fine; unqualified names are the view's database's
    await t.run('CREATE VIEW power.mine AS SELECT ts, v FROM meters', { user: 'writer' });
    expect(t.engine.catalog.findView('power', 'mine')?.owner).toBe('writer');
    // once READ is granted, the same view is accepted
    await t.run('GRANT READ ON other.* TO writer');
    await t.run('CREATE VIEW power.leak AS SELECT * FROM other.secret', { user: 'writer' });
  });

  it('refuses a view whose query names a missing table or column', async () => {
    await expect(t.run('CREATE VIEW power.v AS SELECT * FROM power.nosuch')).rejects.toMatchObject({ code: 0x2603 });
    await expect(t.run('CREATE VIEW power.v AS SELECT nosuch FROM power.meters')).rejects.toMatchObject({ code: 0x2602 });
  });
});
