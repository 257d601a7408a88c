import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { sendJson, startTestServer } from '../../testing/httpServer';
import { configureTestHttp, testQueryClient } from '../../testing/httpEnvironment';
import { alertKeys } from './keys';
import { useMarkAlertsRead } from './markRead';
import { useDeleteAlerts } from './remove';

/** Marking read and deleting refresh what they change: the header bell's unread alerts. */
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

describe('mutation invalidation', () => {
  it('marking alerts read and deleting them refresh the unread count', async () => {
    const { s, client, wrapper } = await setUp();
    client.setQueryData(alertKeys.unread('o1'), { list: [], total: 3, current_page: 1, page_size: 10 });
    const { result } = renderHook(() => useMarkAlertsRead(), { wrapper });
    await act(() => result.current.mutateAsync({ ids: ['a1', 'a2'] }));
    expect(s.requests[0]).toMatchObject({ method: 'PUT', url: '/api/alert/batch/read' });
    expect(JSON.parse(s.requests[0].body)).toEqual({ ids: ['a1', 'a2'] });
    expect(client.getQueryState(alertKeys.unread('o1'))?.isInvalidated).toBe(true);

    client.setQueryData(alertKeys.unread('o1'), { list: [], total: 1, current_page: 1, page_size: 10 });
    const remove = renderHook(() => useDeleteAlerts(), { wrapper });
    await act(() => remove.result.current.mutateAsync({ ids: ['a3'] }));
    expect(s.requests[1]).toMatchObject({ method: 'DELETE', url: '/api/alert/batch/delete' });
    expect(client.getQueryState(alertKeys.unread('o1'))?.isInvalidated).toBe(true);
  });
});
