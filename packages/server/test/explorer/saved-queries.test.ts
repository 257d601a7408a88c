import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppType, en, zh, type Favorite } from '@tscloud/contracts';
import { organizations } from '../../src/store/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';
import { insertInstance } from '../accounts-extra/helpers';
import { addMember, grant } from '../instance-users/members';

/**
 * Saved queries (issue 13; docs/explorer-server.md "Saved queries"): name and folder, a name unique in its list's
 * folder, rename/move/edit by PUT, shared ones seen by every member with console access and changed only by their
 * author or an instance admin, and the spec's bare body {app_id, sql} still accepted. The calls need the instance's
 * row only, so no engine runs here.
 */
describe('saved queries', () => {
  let t: TestApp;
  let owner: Caller;
  let reader: Caller;
  let developer: Caller;
  let stranger: Caller;
  let orgId: string;
  let strangerOrg: string;
  let id: string;
  const base = '/api/region/default/data';

  type Saved = { id: string; name: string; folder: string };
  const save = (caller: Caller, path: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    caller.call<Saved>('POST', `${base}/${path}`, { app_id: id, ...body }, orgId, headers);
  const change = (caller: Caller, path: string, queryId: string, body: Record<string, unknown>) => caller.call<Saved>('PUT', `${base}/${path}/${queryId}`, body, orgId);
  const list = async (caller: Caller, path: string) => {
    const res = await caller.call<Favorite[]>('GET', `${base}/${path}?app_id=${id}`, undefined, orgId);
    expect(res.code).toBe(200);
    return res.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t, 'sq.owner@example.com', 'Owner');
    reader = await signedIn(t, 'sq.reader@example.com', 'Reader');
    developer = await signedIn(t, 'sq.dev@example.com', 'Dev');
    stranger = await signedIn(t, 'sq.stranger@example.com', 'Stranger');
    orgId = await createOrg(owner, 'Savedqueries');
    strangerOrg = await createOrg(stranger, 'Strangersq');
    id = await insertInstance(t, orgId, { appType: AppType.TSDB, alias: 'Saved one' });
    await grant(t.store, orgId, { memberId: await addMember(t.store, orgId, reader) }, 'Viewer', { resType: 'DATABASE', resId: 'sensors', instanceId: id });
    await grant(t.store, orgId, { memberId: await addMember(t.store, orgId, developer) }, 'Developer', { resType: 'INSTANCE', resId: id, instanceId: id });
  }, 60_000);
  afterAll(() => t.close());

  it('saves a named query in a folder and refuses the same name in the same folder, in the caller language', async () => {
    const created = await save(owner, 'favorite', { sql: 'SELECT * FROM sensors.m', name: 'Latest rows', folder: 'Reports' });
    expect(created).toMatchObject({ code: 200, data: { name: 'Latest rows', folder: 'Reports' } });
    expect(await list(owner, 'favorite')).toEqual([
      expect.objectContaining({ id: created.data.id, name: 'Latest rows', folder: 'Reports', sql: 'SELECT * FROM sensors.m', shared: false, deletable: true }),
    ]);

    const again = await save(owner, 'favorite', { sql: 'SELECT 1', name: '  Latest rows ', folder: 'Reports' });
    expect(again).toMatchObject({ code: 409, message: en['error.savedQueryNameTaken'], data: { field: 'name' } });
    expect((await save(owner, 'favorite', { sql: 'SELECT 1', name: 'Latest rows', folder: 'Reports' }, { 'accept-language': 'zh-CN' })).message).toBe(zh['error.savedQueryNameTaken']);
    // Another folder, or no folder, is another place; another member's personal list is theirs.
    expect((await save(owner, 'favorite', { sql: 'SELECT 1', name: 'Latest rows', folder: 'Daily' })).code).toBe(200);
    expect((await save(owner, 'favorite', { sql: 'SELECT 1', name: 'Latest rows' })).data.folder).toBe('');
    expect((await save(developer, 'favorite', { sql: 'SELECT 1', name: 'Latest rows', folder: 'Reports' })).code).toBe(200);
    expect((await list(owner, 'favorite')).map((f) => [f.folder, f.name])).toEqual([
      ['', 'Latest rows'],
      ['Daily', 'Latest rows'],
      ['Reports', 'Latest rows'],
    ]);
  });

  it('checks names and folders as the form does', async () => {
    expect(await save(owner, 'favorite', { sql: 'SELECT 1', name: '   ' })).toMatchObject({ code: 400, message: en['validation.savedQueryName'], data: { field: 'name' } });
    expect((await save(owner, 'favorite', { sql: 'SELECT 1', name: 'x'.repeat(65) })).message).toBe(en['validation.savedQueryName']);
    expect((await save(owner, 'favorite', { sql: 'SELECT 1', name: '名'.repeat(64), folder: 'Wide' })).code).toBe(200);
    expect(await save(owner, 'favorite', { sql: 'SELECT 1', name: 'Nested', folder: 'a/b' })).toMatchObject({ code: 400, message: en['validation.savedQueryFolder'], data: { field: 'folder' } });
    expect((await save(owner, 'favorite', { sql: 'SELECT 1', name: 'Hidden\u202Etxt' })).message).toBe(en['validation.hiddenCharacter']);
    expect((await save(owner, 'favorite', { sql: '  ', name: 'Blank' })).message).toBe(en['validation.sql']);
  });

  it('names a query saved with the spec body {app_id, sql} after its first line, numbered when taken', async () => {
    const first = await save(reader, 'favorite', { sql: '\n  SELECT   avg(v)\n  FROM sensors.m\n' });
    expect(first.data).toMatchObject({ name: 'SELECT avg(v)', folder: '' });
    expect((await save(reader, 'favorite', { sql: 'SELECT avg(v)\nFROM sensors.n' })).data.name).toBe('SELECT avg(v) (2)');
    expect((await save(reader, 'favorite', { sql: 'SELECT avg(v) FROM x' })).data.name).toBe('SELECT avg(v) FROM x');
    expect((await save(reader, 'favorite', { sql: 'SELECT avg(v)' })).data.name).toBe('SELECT avg(v) (3)');
    const long = `SELECT ${'c'.repeat(100)}`;
    expect((await save(reader, 'favorite', { sql: long })).data.name).toBe(long.slice(0, 64));
    expect((await save(reader, 'favorite', { sql: long })).data.name).toBe(`${long.slice(0, 60)} (2)`);
    expect((await list(reader, 'favorite')).map((f) => f.name)).toContain('SELECT avg(v) (3)');
  });

  it('renames, moves and edits by PUT, refusing a name taken where it goes', async () => {
    const a = (await save(developer, 'favorite', { sql: 'SELECT 1', name: 'A', folder: 'One' })).data.id;
    await save(developer, 'favorite', { sql: 'SELECT 2', name: 'B', folder: 'Two' });
    expect(await change(developer, 'favorite', a, { name: 'B' })).toMatchObject({ code: 200, data: { name: 'B', folder: 'One' } });
    expect(await change(developer, 'favorite', a, { folder: 'Two' })).toMatchObject({ code: 409, message: en['error.savedQueryNameTaken'], data: { field: 'name' } });
    expect(await change(developer, 'favorite', a, { name: 'C', folder: 'Two', sql: 'SELECT 3' })).toMatchObject({ code: 200, data: { name: 'C', folder: 'Two' } });
    const moved = (await list(developer, 'favorite')).find((f) => f.id === a)!;
    expect(moved).toMatchObject({ name: 'C', folder: 'Two', sql: 'SELECT 3' });
    expect(moved.updated_at).toBeGreaterThanOrEqual(moved.created_at);
    expect(await change(developer, 'favorite', a, { folder: '' })).toMatchObject({ code: 200, data: { folder: '' } });
    expect((await change(developer, 'favorite', a, { folder: 'x/y' })).message).toBe(en['validation.savedQueryFolder']);
    expect((await change(developer, 'favorite', a, {})).code).toBe(400);
    // Someone else's personal query does not exist for the caller, not even for the owner of the organization.
    expect((await change(owner, 'favorite', a, { name: 'Mine now' })).code).toBe(404);
    expect((await owner.call('DELETE', `${base}/favorite/${a}`, undefined, orgId)).code).toBe(404);
    expect((await developer.call('DELETE', `${base}/favorite/${a}`, undefined, orgId)).code).toBe(200);
  });

  it('shows shared queries to every member; only their author or an instance admin changes them', async () => {
    const ownerShared = (await save(owner, 'shared_favorite', { sql: 'SELECT 2', name: 'Team', folder: 'Shared' })).data.id;
    const readerShared = (await save(reader, 'shared_favorite', { sql: 'SELECT 3', name: 'Reader pick', folder: 'Shared' })).data.id;
    // One shared list: a name is taken in its folder whoever saved it.
    expect((await save(developer, 'shared_favorite', { sql: 'SELECT 4', name: 'Team', folder: 'Shared' })).code).toBe(409);

    const seenByDeveloper = await list(developer, 'shared_favorite');
    expect(seenByDeveloper.map((f) => [f.name, f.creator, f.deletable])).toEqual([
      ['Reader pick', reader.user.email, false],
      ['Team', owner.user.email, false],
    ]);
    expect((await list(reader, 'shared_favorite')).map((f) => [f.name, f.deletable])).toEqual([
      ['Reader pick', true],
      ['Team', false],
    ]);
    expect((await list(owner, 'shared_favorite')).every((f) => f.deletable)).toBe(true);
    // Shared ones are not in anyone's personal list.
    expect((await list(owner, 'favorite')).some((f) => f.id === ownerShared)).toBe(false);

    expect((await change(developer, 'shared_favorite', ownerShared, { name: 'Hijacked' })).code).toBe(403);
    expect((await developer.call('DELETE', `${base}/shared_favorite/${readerShared}`, undefined, orgId)).code).toBe(403);
    expect((await change(reader, 'shared_favorite', ownerShared, { folder: 'Elsewhere' })).code).toBe(403);
    // A shared query is not reached through the personal path.
    expect((await change(owner, 'favorite', ownerShared, { name: 'Other' })).code).toBe(404);

    expect(await change(reader, 'shared_favorite', readerShared, { name: 'Reader best' })).toMatchObject({ code: 200, data: { name: 'Reader best' } });
    expect(await change(owner, 'shared_favorite', readerShared, { folder: 'Reviewed' })).toMatchObject({ code: 200, data: { folder: 'Reviewed' } });
    expect((await owner.call('DELETE', `${base}/shared_favorite/${readerShared}`, undefined, orgId)).code).toBe(200);
    expect((await list(developer, 'shared_favorite')).map((f) => f.id)).toEqual([ownerShared]);
  });

  it('a read-only organization still lists its saved queries but changes none', async () => {
    const mine = (await list(owner, 'shared_favorite'))[0];
    await t.store.db.update(organizations).set({ status: 'DELETING' }).where(eq(organizations.id, orgId));
    try {
      expect((await list(owner, 'shared_favorite')).map((f) => f.id)).toContain(mine.id);
      expect((await save(owner, 'favorite', { sql: 'SELECT 1', name: 'Late' })).code).toBe(434);
      expect((await change(owner, 'shared_favorite', mine.id, { name: 'Late' })).code).toBe(434);
      expect((await owner.call('DELETE', `${base}/shared_favorite/${mine.id}`, undefined, orgId)).code).toBe(434);
    } finally {
      await t.store.db.update(organizations).set({ status: 'ACTIVE' }).where(eq(organizations.id, orgId));
    }
  });

  it('refuses another organization and another region', async () => {
    expect((await stranger.call('GET', `${base}/shared_favorite?app_id=${id}`, undefined, strangerOrg)).code).toBe(404);
    expect((await stranger.call('POST', `${base}/favorite`, { app_id: id, sql: 'SELECT 1' }, strangerOrg)).code).toBe(404);
    const shared = (await list(owner, 'shared_favorite'))[0];
    expect((await stranger.call('PUT', `${base}/shared_favorite/${shared.id}`, { name: 'Mine' }, strangerOrg)).code).toBe(404);
    expect((await owner.call('GET', `/api/region/elsewhere/data/favorite?app_id=${id}`, undefined, orgId)).code).toBe(404);
  });
});
