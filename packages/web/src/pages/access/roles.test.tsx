import { afterAll, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { Role } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import { changeLanguage } from '../../i18n';
import { RolesTable } from './RolesTable';

/** Issue 14 item 10: built-in role names and privileges by name in both languages, the code still visible on hover. */
vi.setConfig({ testTimeout: 120_000 });

const roles: Role[] = [
  { id: 'r1', name: 'Viewer', description: '', privileges: ['org:read', 'db:read'], builtin: true, createdAt: 0 },
  { id: 'r2', name: 'Auditors', description: '', privileges: ['activity:read'], builtin: false, createdAt: 0 },
];

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (isMenusCall(path)) return sendJson(res, ok({}));
  if (path === '/api/role') return sendJson(res, ok(roles));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server);
afterAll(async () => changeLanguage('en'));

const row = async (text: string) => (await screen.findByText(text, {}, { timeout: 30_000 })).closest('tr')!;

describe('roles table', () => {
  it('names built-in roles and privileges in English and Chinese', async () => {
    signIn();
    renderScreen(<RolesTable orgId="o1" canManage />);
    const viewer = await row('Viewer');
    expect(within(viewer).getByText('View organization')).toBeTruthy();
    expect(within(viewer).getByText('Read databases')).toBeTruthy();
    expect(within(await row('Auditors')).getByText('View activity log')).toBeTruthy();

    await act(async () => changeLanguage('zh'));
    const zhViewer = await row('只读用户');
    expect(within(zhViewer).getByText('查看组织')).toBeTruthy();
    expect(within(zhViewer).queryByText('org:read')).toBeNull();
    // Custom roles keep the name they were given.
    expect(within(await row('Auditors')).getByText('查看操作日志')).toBeTruthy();
  });
});
