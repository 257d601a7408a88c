import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { sendJson, startTestServer } from '../testing/httpServer';
import { configureTestHttp, testQueryClient } from '../testing/httpEnvironment';
import { queryClient } from '../data/queryClient';
import { leaveRemovedOrg } from './rebuild';
import { clearSession, selectOrg, session } from '../state/session';
import { useRemoveOrg } from '../data/orgs/remove';

/**
 * Deleting an organization: the data layer deletes and reads the list again, and hands what is left to the callback
 * the screen gives it; with the shell's `leaveRemovedOrg`, the first organization left becomes current when the
 * deleted one was current.
 */
let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
  clearSession();
  queryClient.clear();
});

async function setUp() {
  const s = await startTestServer((req, res) => {
    const ok = (data: unknown) => sendJson(res, { code: 200, message: 'ok', data });
    if (req.url.startsWith('/api/org?')) return ok({ list: [{ orgId: 'o2', name: 'Beta' }], total: 1 });
    if (req.url === '/api/app/list') return ok([]);
    if (req.url === '/api/org/menus') return ok({});
    return ok(null);
  });
  close = s.close;
  configureTestHttp(s.origin, { orgId: () => session.get().current.orgId });
  return { s, ...testQueryClient() };
}

describe('deleting an organization', () => {
  it('the current one: the first organization left becomes current', async () => {
    const { s, wrapper } = await setUp();
    selectOrg('o1', 'i1');
    const { result } = renderHook(() => useRemoveOrg(leaveRemovedOrg), { wrapper });
    await act(() => result.current.mutateAsync('o1'));
    expect(s.requests[0]).toMatchObject({ method: 'DELETE', url: '/api/org/remove/o1' });
    expect(session.get().current).toEqual({ orgId: 'o2', instanceId: null });
  });

  it('another one: the current organization stays', async () => {
    const { wrapper } = await setUp();
    selectOrg('o2', 'i1');
    const left: string[][] = [];
    const { result } = renderHook(() => useRemoveOrg(async (orgId, orgsLeft) => void left.push([orgId, ...orgsLeft.map((o) => o.orgId)])), { wrapper });
    await act(() => result.current.mutateAsync('o1'));
    expect(left).toEqual([['o1', 'o2']]);
    await act(() => leaveRemovedOrg('o1', [{ orgId: 'o2' }] as never));
    expect(session.get().current).toEqual({ orgId: 'o2', instanceId: 'i1' });
  });
});
