import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DISK_USAGE_PARTS, en, type DatabaseDiskUsage, type DbListItem, type ExportTicket, type Favorite, type SqlResult, type StableListItem } from '@tscloud/contracts';
import { organizations } from '../../src/store/schema';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, createInstance, waitForStatus, worldCaller } from '../instances/harness';
import { addMember, grant } from '../instance-users/members';
import { quoteText } from '@tscloud/contracts/sql';

/**
 * The explorer's server calls against one real engine (a free-plan instance: 3 databases): SQL runs as the
 * member's own engine user, databases are created and dropped by checked statements, the tree lists what the
 * member may see, exports stream the whole result, favorites are personal or shared.
 */
describe('explorer server calls', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let reader: Caller;
  let developer: Caller;
  let stranger: Caller;
  let orgId: string;
  let strangerOrg: string;
  let id: string;
  /** Rows of sensors.m: several of the engine's export chunks (2048 rows), with text that needs CSV quoting. */
  const ROWS = 12_345;
  const T0 = 1_767_225_600_000;

  const sql = (caller: Caller, text: string, org = orgId, app = id) =>
    caller.call<SqlResult>('POST', `/api/region/${REGION}/data/sql/${app}`, { sql: text, timing: true }, org);
  const dbCall = (caller: Caller, kind: 'createdb' | 'dropdb', name: string, text: string) =>
    caller.call<SqlResult>('POST', `/api/region/${REGION}/private/data/sql/${kind}/${id}/${name}`, { sql: text }, orgId);
  /** The export as the console makes it: a ticket, then its download link (export-routes.test.ts has the ticket's rules). */
  const exportCsv = async (caller: Caller, text: string, org = orgId) => {
    const ticket = await world.app.inject({
      method: 'POST',
      url: `/api/region/${REGION}/data/sql/export/${id}`,
      headers: { authorization: `Bearer ${caller.token}`, 'account-id': org },
      payload: { sql: text, format: 'csv' },
    });
    if (ticket.json().code !== 200) return { type: String(ticket.headers['content-type']), body: ticket.body };
    const res = await world.app.inject({ method: 'GET', url: (ticket.json().data as ExportTicket).url, headers: { authorization: `Bearer ${caller.token}` } });
    return { type: String(res.headers['content-type']), body: res.body };
  };
  const noteOf = (i: number) => (i % 1000 === 0 ? `say "hi", #${i}` : `n${i}`);

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'ex.owner@example.com', 'Owner');
    reader = await worldCaller(world, 'ex.reader@example.com', 'Reader');
    developer = await worldCaller(world, 'ex.dev@example.com', 'Dev');
    stranger = await worldCaller(world, 'ex.stranger@example.com', 'Stranger');
    orgId = await createOrg(owner, 'Explorerorg');
    strangerOrg = await createOrg(stranger, 'Strangerexorg');
    id = (await createInstance(owner, orgId, 'Explorer one', 0)).instance.id;
    await waitForStatus(owner, orgId, id, 'Running');

    expect((await dbCall(owner, 'createdb', 'sensors', 'CREATE DATABASE sensors')).data.code).toBe(0);
    for (const statement of [
      'CREATE STABLE sensors.meters (ts TIMESTAMP, v DOUBLE) TAGS (site INT)',
      'CREATE TABLE sensors.m (ts TIMESTAMP, v INT, note VARCHAR(40))',
    ]) {
      expect((await sql(owner, statement)).data).toMatchObject({ code: 0 });
    }
    for (let start = 0; start < ROWS; start += 5_000) {
      const values = [];
      for (let i = start; i < Math.min(ROWS, start + 5_000); i++) values.push(`(${T0 + i * 1000}, ${i}, '${noteOf(i).replace(/'/g, "''")}')`);
      expect((await sql(owner, `INSERT INTO sensors.m VALUES ${values.join(' ')}`)).data.code).toBe(0);
    }
    const readerMember = await addMember(world.store, orgId, reader);
    await grant(world.store, orgId, { memberId: readerMember }, 'Viewer', { resType: 'DATABASE', resId: 'sensors', instanceId: id });
    const devMember = await addMember(world.store, orgId, developer);
    await grant(world.store, orgId, { memberId: devMember }, 'Developer', { resType: 'INSTANCE', resId: id, instanceId: id });
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('runs SQL as the member: a reader selects, and the engine refuses their insert with its own code', async () => {
    const read = await sql(reader, `SELECT v, note FROM sensors.m WHERE v < 2 ORDER BY ts`);
    expect(read.code).toBe(200);
    expect(read.data).toMatchObject({ code: 0, rows: 2, data: [[0, 'say "hi", #0'], [1, 'n1']] });
    expect(read.data.column_meta.map((c) => c[0])).toEqual(['v', 'note']);
    expect(read.data.timing!.total_ms).toBeGreaterThan(0);
    expect(read.data.timing!.execution_ms).toBeGreaterThanOrEqual(0);

    const write = await sql(reader, `INSERT INTO sensors.m VALUES (${T0 - 1000}, -1, 'x')`);
    expect(write.code).toBe(200);
    expect(write.data.code).not.toBe(0);
    expect(write.data.desc).toMatch(/permission|privilege|authoriz/i);
    expect((await sql(owner, 'SELECT count(*) FROM sensors.m')).data.data).toEqual([[ROWS]]);

    // An engine syntax error comes back as the engine's code and desc.
    const bad = await sql(owner, 'SELEC 1');
    expect(bad.data.code).not.toBe(0);
    expect(bad.data.desc).toBeTruthy();
    expect((await owner.call('POST', `/api/region/${REGION}/data/sql/${id}`, { sql: '  ' }, orgId)).message).toBe(en['validation.sql']);
  });

  it('creates and drops databases by the checked statement only; the free plan stops at 3', async () => {
    expect((await dbCall(developer, 'createdb', 'power', "CREATE DATABASE power KEEP 3650 PRECISION 'us';")).data).toMatchObject({ code: 0 });
    const shown = await sql(owner, "SELECT name, `precision` FROM information_schema.ins_databases WHERE name = 'power'");
    expect(shown.data.data).toEqual([['power', 'us']]);

    const mismatch = await dbCall(owner, 'createdb', 'power2', 'CREATE DATABASE power3');
    expect(mismatch).toMatchObject({ code: 400, message: en['error.sqlStatementMismatch'] });
    expect((await dbCall(owner, 'createdb', 'power2', 'CREATE DATABASE power2; DROP DATABASE sensors')).code).toBe(400);
    expect((await dbCall(owner, 'dropdb', 'power', 'DELETE FROM power.t')).code).toBe(400);
    const reserved = await dbCall(owner, 'dropdb', 'information_schema', 'DROP DATABASE information_schema');
    expect(reserved).toMatchObject({ code: 400, message: en['error.reservedDatabase'] });
    // A reader has no db:create.
    expect((await dbCall(reader, 'createdb', 'mine', 'CREATE DATABASE mine')).code).toBe(403);

    expect((await dbCall(owner, 'createdb', 'third', 'CREATE DATABASE third')).data.code).toBe(0);
    const fourth = await dbCall(owner, 'createdb', 'fourth', 'CREATE DATABASE fourth');
    expect(fourth.code).toBe(200);
    expect(fourth.data.code).not.toBe(0);
    expect(fourth.data.desc).toBe('Limit exceeded: max databases 3');

    // A topic reads it: the engine refuses and the call passes its answer on; nothing is dropped.
    expect((await sql(owner, 'CREATE TOPIC third_all AS DATABASE third')).data.code).toBe(0);
    const refused = await dbCall(owner, 'dropdb', 'third', 'DROP DATABASE third');
    expect(refused.code).toBe(200);
    expect(refused.data).toMatchObject({ code: 0x03ed, desc: 'Topic must be dropped first' });
    expect((await sql(owner, "SELECT name FROM information_schema.ins_databases WHERE name = 'third'")).data.data).toEqual([['third']]);
    expect((await sql(owner, 'DROP TOPIC third_all')).data.code).toBe(0);
    expect((await dbCall(owner, 'dropdb', 'third', 'DROP DATABASE third')).data.code).toBe(0);
    expect((await dbCall(owner, 'dropdb', 'third', 'DROP DATABASE third')).data.code).not.toBe(0);
  });

  it('lists only the databases and super tables the member may see, with their privileges', async () => {
    const mine = await owner.call<DbListItem[]>('GET', `/api/data/user/dblist/${id}`, undefined, orgId);
    expect(mine.data.map((d) => d.databaseName)).toEqual(['power', 'sensors']);
    expect(mine.data[1]).toMatchObject({ name: 'sensors', typeName: 'database', parent: id, key: `${id}/sensors` });
    expect(mine.data[1].privileges).toEqual(expect.arrayContaining([{ name: 'db:read' }, { name: 'db:write' }, { name: 'db:drop' }]));

    const theirs = await reader.call<DbListItem[]>('GET', `/api/data/user/dblist/${id}`, undefined, orgId);
    expect(theirs.data.map((d) => [d.databaseName, d.privileges.map((p) => p.name)])).toEqual([['sensors', ['db:read']]]);

    const stables = await reader.call<StableListItem[]>('GET', `/api/data/user/stablelist/${id}/sensors`, undefined, orgId);
    expect(stables.data).toEqual([{ stableName: 'meters', privileges: [{ name: 'stable:read' }] }]);
    expect((await reader.call<StableListItem[]>('GET', `/api/data/user/stablelist/${id}/power`, undefined, orgId)).data).toEqual([]);
  });

  it('answers the disk use of a database the member may read, though the member engine user has no system-info rights', async () => {
    const own = await reader.call<DatabaseDiskUsage>('GET', `/api/data/user/diskusage/${id}/sensors`, undefined, orgId);
    expect(own.code).toBe(200);
    expect(Object.keys(own.data).sort()).toEqual([...DISK_USAGE_PARTS].sort());
    expect(own.data.data1 + own.data.wal).toBeGreaterThan(0);
    // The member's own engine user is refused the same system table.
    expect((await reader.call<SqlResult>('POST', `/api/region/${REGION}/data/sql/${id}`, { sql: "SELECT wal FROM information_schema.ins_disk_usage WHERE db_name = 'sensors'" }, orgId)).data?.code).not.toBe(0);
    expect((await reader.call('GET', `/api/data/user/diskusage/${id}/power`, undefined, orgId)).code).toBe(403);
    expect((await reader.call('GET', `/api/data/user/diskusage/${id}/no%20such`, undefined, orgId)).code).toBe(400);
  });

  it('exports the whole result of a query as CSV, streamed, and refuses non-queries', async () => {
    const csv = await exportCsv(reader, 'SELECT v, note FROM sensors.m ORDER BY ts;');
    expect(csv.type).toMatch(/^text\/csv/);
    const lines = ['v,note\r\n'];
    for (let i = 0; i < ROWS; i++) lines.push(`${i},${/[",]/.test(noteOf(i)) ? `"${noteOf(i).replace(/"/g, '""')}"` : noteOf(i)}\r\n`);
    expect(csv.body).toBe(lines.join(''));

    const empty = await exportCsv(reader, 'SELECT v FROM sensors.m WHERE v < 0');
    expect(empty.body).toBe('v\r\n');

    for (const statement of ['INSERT INTO sensors.m VALUES (now, 1, null)', 'SHOW DATABASES', 'SELECT 1; SELECT 2']) {
      const refused = JSON.parse((await exportCsv(reader, statement)).body);
      expect(refused).toMatchObject({ code: 400, message: en['error.exportOnlyQuery'] });
    }
    const failed = JSON.parse((await exportCsv(reader, 'SELECT nope FROM sensors.m')).body);
    expect(failed.code).toBe(400);
    expect(failed.data.code).not.toBe(0);
  });

  it('exports formula-like text neutralised (a leading quote) and numbers exact', async () => {
    expect((await sql(owner, 'CREATE TABLE sensors.f (ts TIMESTAMP, v DOUBLE, n INT, note VARCHAR(60))')).data).toMatchObject({ code: 0 });
    const notes = ['=HYPERLINK("http://evil.example","x")', '+1+1', "-2+3+cmd|' /C calc'!A0", '@SUM(A1)', '-1.5', 'plain'];
    const values = notes.map((note, i) => `(${T0 + i}, ${-1.5 - i}, ${-i}, ${quoteText(note)})`);
    expect((await sql(owner, `INSERT INTO sensors.f VALUES ${values.join(' ')}`)).data).toMatchObject({ code: 0 });
    const csv = await exportCsv(reader, 'SELECT v, n, note FROM sensors.f ORDER BY ts');
    expect(csv.body.split('\r\n')).toEqual([
      'v,n,note',
      `-1.5,0,"'=HYPERLINK(""http://evil.example"",""x"")"`,
      `-2.5,-1,"'+1+1"`,
      `-3.5,-2,"'-2+3+cmd|' /C calc'!A0"`,
      `-4.5,-3,"'@SUM(A1)"`,
      '-5.5,-4,-1.5',
      '-6.5,-5,plain',
      '',
    ]);
  });

  it('keeps personal favorites for their creator and shares shared ones with the instance', async () => {
    const base = `/api/region/${REGION}/data`;
    const add = (caller: Caller, path: string, text: string) => caller.call<{ id: string }>('POST', `${base}/${path}`, { app_id: id, sql: text }, orgId);
    const list = (caller: Caller, path: string) => caller.call<Favorite[]>('GET', `${base}/${path}?app_id=${id}`, undefined, orgId);

    const personal = (await add(owner, 'favorite', 'SELECT 1')).data.id;
    expect((await list(owner, 'favorite')).data).toEqual([expect.objectContaining({ id: personal, sql: 'SELECT 1', shared: false, deletable: true, creator: owner.user.email })]);
    expect((await list(reader, 'favorite')).data).toEqual([]);
    expect((await reader.call('DELETE', `${base}/favorite/${personal}`, undefined, orgId)).code).toBe(404);

    const ownerShared = (await add(owner, 'shared_favorite', 'SELECT 2')).data.id;
    const readerShared = (await add(reader, 'shared_favorite', 'SELECT 3')).data.id;
    const seen = (await list(reader, 'shared_favorite')).data;
    // In name order; a favorite saved with the spec's body is named after its SQL (saved-queries.test.ts).
    expect(seen.map((f) => [f.name, f.sql, f.creator, f.deletable])).toEqual([
      ['SELECT 2', 'SELECT 2', owner.user.email, false],
      ['SELECT 3', 'SELECT 3', reader.user.email, true],
    ]);
    // A shared favorite is not a personal one.
    expect((await owner.call('DELETE', `${base}/favorite/${ownerShared}`, undefined, orgId)).code).toBe(404);
    expect((await reader.call('DELETE', `${base}/shared_favorite/${ownerShared}`, undefined, orgId)).code).toBe(403);
    expect((await owner.call('DELETE', `${base}/shared_favorite/${readerShared}`, undefined, orgId)).code).toBe(200);
    expect((await owner.call('DELETE', `${base}/favorite/${personal}`, undefined, orgId)).code).toBe(200);
    expect((await list(owner, 'shared_favorite')).data.map((f) => f.id)).toEqual([ownerShared]);
    expect((await add(owner, 'favorite', '')).message).toBe(en['validation.sql']);
  });

  it('a read-only organization may still read but not write', async () => {
    await world.store.db.update(organizations).set({ status: 'DELETING' }).where(eq(organizations.id, orgId));
    try {
      expect((await sql(owner, 'SELECT count(*) FROM sensors.m; SHOW DATABASES')).code).toBe(200);
      expect((await sql(owner, `SELECT 1; INSERT INTO sensors.m VALUES (${T0 - 1000}, -1, 'x')`)).code).toBe(434);
      expect((await dbCall(owner, 'createdb', 'later', 'CREATE DATABASE later')).code).toBe(434);
    } finally {
      await world.store.db.update(organizations).set({ status: 'ACTIVE' }).where(eq(organizations.id, orgId));
    }
  });

  it('refuses another organization on every call', async () => {
    expect((await sql(stranger, 'SELECT 1', strangerOrg)).code).toBe(404);
    expect((await sql(stranger, 'SELECT 1', orgId)).code).toBe(403);
    expect((await stranger.call('GET', `/api/data/user/dblist/${id}`, undefined, strangerOrg)).code).toBe(404);
    expect((await stranger.call('GET', `/api/region/${REGION}/data/shared_favorite?app_id=${id}`, undefined, strangerOrg)).code).toBe(404);
    expect(JSON.parse((await exportCsv(stranger, 'SELECT 1', strangerOrg)).body).code).toBe(404);
    // The wrong region is not found either.
    expect((await owner.call('POST', `/api/region/elsewhere/data/sql/${id}`, { sql: 'SELECT 1' }, orgId)).code).toBe(404);
  });
});
