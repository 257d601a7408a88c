import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTOR_IDS, DEFINITIONS_VERSION, type DefinitionsResponse } from '@tscloud/contracts';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, addMember, createInstance, worldCaller } from '../instances/harness';

/**
 * GET /api/region/{region}/replication/{appId}/definitions on the real app: the 17 connector definitions in English
 * and Chinese with the catalogue version, for members holding replication:read on the instance, refused otherwise.
 */
describe('data-in connector definitions call', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let developer: Caller;
  let viewer: Caller;
  let stranger: Caller;
  let orgId: string;
  let id: string;
  const path = (lang?: string, region = REGION, appId = id) => `/api/region/${region}/replication/${appId}/definitions${lang ? `?lang=${lang}` : ''}`;
  const clientIdDisplay = (answer: DefinitionsResponse) =>
    answer.definitions.find((d) => d.id === 'mqtt')!.params.find((p) => p.name === 'client_id')!.display;

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'rep.owner@example.com', 'Owner');
    developer = await worldCaller(world, 'rep.dev@example.com', 'Dev');
    viewer = await worldCaller(world, 'rep.viewer@example.com', 'Viewer');
    stranger = await worldCaller(world, 'rep.stranger@example.com', 'Stranger');
    orgId = await createOrg(owner, 'Replicationorg');
    // The instance need not run: the catalogue does not come from its engine.
    id = (await createInstance(owner, orgId, 'Replication one', 0)).instance.id;
    await addMember(world.store, orgId, developer, 'Developer');
    await addMember(world.store, orgId, viewer, 'Viewer');
    await createOrg(stranger, 'Strangerorg');
  }, 120_000);
  afterAll(() => world.close(), 60_000);

  it('answers the 17 definitions in English and in Chinese, with the catalogue version', async () => {
    const en = await owner.call<DefinitionsResponse>('GET', path('en'), undefined, orgId);
    const zh = await owner.call<DefinitionsResponse>('GET', path('zh'), undefined, orgId);
    for (const answer of [en, zh]) {
      expect(answer.code).toBe(200);
      expect(answer.data.version).toBe(DEFINITIONS_VERSION);
      expect(answer.data.definitions.map((d) => d.id)).toEqual([...CONNECTOR_IDS]);
    }
    expect(clientIdDisplay(en.data)).toBe('Client ID');
    expect(clientIdDisplay(zh.data)).toBe('客户端 ID');
    expect(en.data.definitions.find((d) => d.id === 'mqtt')!.options.port!.value).toBe(1883);
  });

  it('takes the language from Accept-Language without lang, and refuses an unknown lang', async () => {
    const zh = await owner.call<DefinitionsResponse>('GET', path(), undefined, orgId, { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(clientIdDisplay(zh.data)).toBe('客户端 ID');
    expect((await owner.call('GET', path('fr'), undefined, orgId)).code).toBe(400);
  });

  it('admits a member with replication:read and refuses one without it', async () => {
    const admitted = await developer.call<DefinitionsResponse>('GET', path('en'), undefined, orgId);
    expect(admitted.code).toBe(200);
    expect(admitted.data.definitions).toHaveLength(17);
    expect((await viewer.call('GET', path('en'), undefined, orgId)).code).toBe(403);
  });

  it('answers not found for another region, and refuses another organization', async () => {
    expect((await owner.call('GET', path('en', 'elsewhere'), undefined, orgId)).code).toBe(404);
    const answer = await stranger.call('GET', path('en'), undefined, orgId);
    expect(answer.code).not.toBe(200);
  });
});
