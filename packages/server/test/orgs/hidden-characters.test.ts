import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group } from '@tscloud/contracts';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from './helpers';

describe('names with invisible or text-direction characters', () => {
  let t: TestApp;
  let owner: Caller;
  let orgId: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signedIn(t, 'owner@example.com');
    orgId = await createOrg(owner, 'Acme');
  });
  afterAll(async () => t.close());

  it('are refused by the server with the shared rule, in the caller language, and nothing is created', async () => {
    const spoofed = await owner.call('POST', '/api/group', { name: 'Admins\u202Etxt.exe' }, orgId);
    expect(spoofed).toMatchObject({ code: 400, message: 'Names cannot contain invisible or text-direction characters (such as U+200B or U+202E)', data: { field: 'name' } });
    const zeroWidth = await owner.call('POST', '/api/role', { name: 'Ops\u200B', privileges: ['group:read'] }, orgId, { 'accept-language': 'zh-CN' });
    expect(zeroWidth).toMatchObject({ code: 400, message: '名称不能包含不可见字符或文字方向控制字符（如 U+200B、U+202E）', data: { field: 'name' } });
    const profile = await owner.call('PUT', '/uc/api/user', { nickname: 'boss\u2066', company_name: 'Acme' });
    expect(profile).toMatchObject({ code: 400, data: { field: 'nickname' } });
    expect(await owner.call('PUT', '/uc/api/user', { company_name: 'Acme\u200D' })).toMatchObject({ code: 400, data: { field: 'company_name' } });
    expect((await owner.call<Group[]>('GET', '/api/group', undefined, orgId)).data).toEqual([]);
    expect((await owner.call('POST', '/api/group', { name: 'Admins' }, orgId)).code).toBe(200);
  });
});
