import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { en, type MartEntry, type MartLists, type PlatformDbConfig, type SqlResult } from '@tscloud/contracts';
import type { AppDeps } from '../../src/deps';
import { systemClock } from '../../src/clock';
import { databaseMart, instances } from '../../src/store/schema';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, worldCaller } from '../instances/harness';
import { runningInstance, runStatements } from '../instances/running-instance';
import { addMember, grant } from '../instance-users/members';
import { newAccessCode, readerUserName } from '../../src/region/explorer/mart';
import { PLATFORM_DB_COMMANDS } from '../../src/region/explorer/ops-commands';
import { enginePasswordOf } from '../../src/region/instances/engine-password';

/**
 * The database mart against a real engine: one organization publishes a database, another imports it by its
 * access code and reads it read-only — the engine's own grants (a reader user with READ on that database only)
 * refuse everything else.
 */
describe('database mart and platform databases', () => {
  const world = new InstancesWorld();
  let publisher: Caller;
  let importer: Caller;
  let viewer: Caller;
  let orgA: string;
  let orgB: string;
  let appA: string;
  const T0 = 1_767_225_600_000;

  const tokenSql = (caller: Caller, code: string, text: string, region = REGION, db?: string) =>
    caller.call<SqlResult>('POST', `/api/region/${region}/data/sql/token/${code}`, { sql: text, ...(db ? { db } : {}) }, null);

  beforeAll(async () => {
    await world.open();
    publisher = await worldCaller(world, 'mart.pub@example.com', 'Pub');
    importer = await worldCaller(world, 'mart.imp@example.com', 'Imp');
    viewer = await worldCaller(world, 'mart.viewer@example.com', 'Viewer');
    ({ orgId: orgA, id: appA } = await runningInstance(publisher, 'Publisherorg', 'Mart one'));
    orgB = await createOrg(importer, 'Importerorg');
    await runStatements(publisher, orgA, appA, [
      'CREATE DATABASE city',
      'CREATE DATABASE private',
      'CREATE TABLE city.air (ts TIMESTAMP, pm25 INT)',
      `INSERT INTO city.air VALUES (${T0}, 12) (${T0 + 1000}, 15)`,
      'CREATE TABLE private.secret (ts TIMESTAMP, v INT)',
    ]);
    await grant(world.store, orgA, { memberId: await addMember(world.store, orgA, viewer) }, 'Viewer', { resType: 'INSTANCE', resId: appA, instanceId: appA });
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  let entry: MartEntry;

  it('publishes a database with a 32-character access code; checks input and who may publish', async () => {
    const res = await publisher.call<MartEntry>('POST', '/api/data/database/mart', { app_id: appA, db_name: 'city', title: 'City air', description: 'PM2.5 by the minute' }, orgA);
    expect(res.code).toBe(200);
    entry = res.data;
    expect(entry).toMatchObject({ title: 'City air', description: 'PM2.5 by the minute', db_name: 'city', region_id: REGION, owned: true, platform: false, app_id: appA });
    expect(entry.access_code).toMatch(/^[A-Za-z0-9]{32}$/);

    expect(await publisher.call('POST', '/api/data/database/mart', { app_id: appA, db_name: 'nowhere', title: 'x' }, orgA)).toMatchObject({ code: 400, message: en['error.databaseNotFound'] });
    expect(await publisher.call('POST', '/api/data/database/mart', { app_id: appA, db_name: 'city', title: '' }, orgA)).toMatchObject({ code: 400, message: en['validation.required'] });
    expect(await publisher.call('POST', '/api/data/database/mart', { app_id: appA, db_name: 'city', title: 'x'.repeat(65) }, orgA)).toMatchObject({ code: 400, message: en['validation.martTitle'] });
    // A Viewer has no db:privilege:manage; another organization's member cannot publish this instance's data.
    expect((await viewer.call('POST', '/api/data/database/mart', { app_id: appA, db_name: 'city', title: 'x' }, orgA)).code).toBe(403);
    expect((await importer.call('POST', '/api/data/database/mart', { app_id: appA, db_name: 'city', title: 'x' }, orgB)).code).toBe(404);

    const mine = await publisher.call<MartLists>('GET', '/api/data/database/mart', undefined, orgA);
    expect(mine.data.published.map((e) => e.id)).toEqual([entry.id]);
    expect(mine.data.imported).toEqual([]);
  });

  it('another organization looks it up by id and code, imports it, and reads it read-only through the engine', async () => {
    const code = entry.access_code!;
    const lookup = await importer.call<MartEntry>('GET', `/api/data/database/mart?id=${entry.id}&code=${code}`, undefined, orgB);
    expect(lookup.data).toMatchObject({ id: entry.id, title: 'City air', owned: false, imported: false, app_id: null });
    expect((await importer.call('GET', `/api/data/database/mart?id=${entry.id}&code=${newAccessCode()}`, undefined, orgB)).message).toBe(en['error.martCodeInvalid']);
    expect((await importer.call('GET', `/api/data/database/mart?id=${entry.id}&code=short`, undefined, orgB)).message).toBe(en['validation.accessCode']);

    const imported = await importer.call<MartEntry>('POST', '/api/data/database/mart/import', { access_code: code }, orgB);
    expect(imported.data).toMatchObject({ id: entry.id, imported: true, access_code: code });
    expect((await importer.call('POST', '/api/data/database/mart/import', { access_code: code }, orgB)).code).toBe(200);
    const lists = await importer.call<MartLists>('GET', '/api/data/database/mart', undefined, orgB);
    expect(lists.data).toMatchObject({ published: [], imported: [{ id: entry.id, db_name: 'city' }] });
    expect((await publisher.call('POST', '/api/data/database/mart/import', { access_code: code }, orgA))).toMatchObject({ code: 409, message: en['error.martOwnDatabase'] });
    expect((await importer.call('POST', '/api/data/database/mart/import', { access_code: newAccessCode() }, orgB)).code).toBe(404);

    const read = await tokenSql(importer, code, 'SELECT pm25 FROM city.air ORDER BY ts');
    expect(read.data).toMatchObject({ code: 0, data: [[12], [15]] });
    // Not a read: refused before the engine; the engine itself refuses the reader elsewhere.
    expect(await tokenSql(importer, code, `INSERT INTO city.air VALUES (${T0 + 2000}, 1)`)).toMatchObject({ code: 403, message: en['error.readOnlyDatabase'] });
    const other = await tokenSql(importer, code, 'SELECT * FROM private.secret');
    expect(other.data.code).not.toBe(0);
    const dbs = await tokenSql(importer, code, 'SELECT name FROM information_schema.ins_databases');
    expect(dbs.data.data.map((r) => r[0])).not.toContain('private');
    expect((await tokenSql(importer, code, 'SELECT 1', 'elsewhere')).code).toBe(404);
    // An editor tab on the shared database (issue 13 item 7): unqualified names are in it; its writes are refused
    // with the read-only message, whatever the current database.
    expect((await tokenSql(importer, code, 'SELECT count(*) FROM air', REGION, 'city')).data).toMatchObject({ code: 0, data: [[2]] });
    expect(await tokenSql(importer, code, `INSERT INTO air VALUES (${T0 + 3000}, 1)`, REGION, 'city')).toMatchObject({ code: 403, message: en['error.readOnlyDatabase'] });
    expect((await tokenSql(importer, code, 'SELECT * FROM secret', REGION, 'private')).data.code).not.toBe(0);

    // The reader user is the engine's: dropped behind the server's back, it is made again on the next read.
    const [row] = await world.store.db.select().from(instances).where(eq(instances.id, appA));
    await fetch(`${row.engineUrl}/rest/sql`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${row.engineUser}:${enginePasswordOf(row)}`).toString('base64')}` },
      body: `DROP USER ${readerUserName(entry.id)}`,
    });
    expect((await tokenSql(importer, code, 'SELECT count(*) FROM city.air')).data).toMatchObject({ code: 0, data: [[2]] });
  });

  it('removing the import and unpublishing: the code stops working', async () => {
    const code = entry.access_code!;
    expect((await importer.call('DELETE', `/api/data/database/mart/${entry.id}`, undefined, orgB)).code).toBe(200);
    expect((await importer.call<MartLists>('GET', '/api/data/database/mart', undefined, orgB)).data.imported).toEqual([]);
    expect((await importer.call('DELETE', `/api/data/database/mart/${entry.id}`, undefined, orgB)).code).toBe(404);
    expect((await viewer.call('DELETE', `/api/data/database/mart/${entry.id}`, undefined, orgA)).code).toBe(403);
    expect((await publisher.call('DELETE', `/api/data/database/mart/${entry.id}`, undefined, orgA)).code).toBe(200);
    expect((await tokenSql(importer, code, 'SELECT 1')).code).toBe(404);
  });

  it('platform databases: listed to every signed-in user, the first is the default, read by their code', async () => {
    // The operator offers it with the command line (no engine asked): the reader user is made at the first read.
    const deps = { store: world.store, clock: systemClock } as unknown as AppDeps;
    const printed: string[] = [];
    await PLATFORM_DB_COMMANDS['platform-db publish'].run(deps, [appA, 'city', 'Sample', 'city'], (line) => printed.push(line));
    const [platform] = await world.store.db.select().from(databaseMart).where(eq(databaseMart.platform, true));
    expect(printed).toEqual([`platform database ${platform.id}: ${appA}/city "Sample city"`]);

    const list = await importer.call<MartEntry[]>('GET', '/api/data/database/platform', undefined, null);
    expect(list.data).toEqual([expect.objectContaining({ id: platform.id, platform: true, title: 'Sample city', access_code: platform.accessCode, owned: false })]);
    expect(list.data[0].description).toBe('');
    expect((await importer.call<MartEntry[]>('GET', `/api/data/database/platform?db_id=${platform.id}`, undefined, null)).data).toHaveLength(1);
    expect((await importer.call('GET', '/api/data/database/platform?db_id=nope', undefined, null)).code).toBe(404);
    expect((await importer.call<PlatformDbConfig>('GET', '/api/config/platform/db', undefined, null)).data).toEqual({ db_id: platform.id });
    expect((await tokenSql(importer, platform.accessCode, 'SELECT count(*) FROM city.air')).data.data).toEqual([[2]]);

    await PLATFORM_DB_COMMANDS['platform-db remove'].run(deps, [platform.id], () => undefined);
    expect((await importer.call<MartEntry[]>('GET', '/api/data/database/platform', undefined, null)).data).toEqual([]);
    expect((await importer.call<PlatformDbConfig>('GET', '/api/config/platform/db', undefined, null)).data).toEqual({ db_id: null });
  });
});
