import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { sendJson, startTestServer } from '../../testing/httpServer';
import { configureTestHttp, testQueryClient } from '../../testing/httpEnvironment';
import { accessKeys } from './keys';
import { useGrantRoles } from './grantRoles';

/** An access change refreshes every access list of its organization (members' groups and roles follow). */
let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function setUp() {
  const s = await startTestServer((_, res) => sendJson(res, { code: 200, message: 'ok', data: null }));
  close = s.close;
  configureTestHttp(s.origin);
  return { s, ...testQueryClient() };
}

describe('access mutation invalidation', () => {
  it('a grant refreshes the organization access lists, not another organization', async () => {
    const { client, wrapper } = await setUp();
    client.setQueryData(accessKeys.members('o1'), []);
    client.setQueryData(accessKeys.grants('o1', { groupId: 'g1' }), []);
    client.setQueryData(accessKeys.members('o2'), []);
    const { result } = renderHook(() => useGrantRoles('o1'), { wrapper });
    await act(() => result.current.mutateAsync({ groupId: 'g1', roleId: 'r1', resType: 'ORG', expiration: null }));
    expect(client.getQueryState(accessKeys.members('o1'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(accessKeys.grants('o1', { groupId: 'g1' }))?.isInvalidated).toBe(true);
    expect(client.getQueryState(accessKeys.members('o2'))?.isInvalidated).toBe(false);
  });
});
