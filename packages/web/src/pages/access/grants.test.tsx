import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { RoleGrant } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import { GrantsTable } from './GrantsTable';

/** Roles ▸ All grants and a member's grants against a server answering GET /api/role/grant-list as ours does (issue 14 item 9). */
vi.setConfig({ testTimeout: 120_000 });

const INSTANCE_ID = '6f1c2a9e-0d7b-4c55-9a38-2f0d6f7e1b44';
const grant = (over: Partial<RoleGrant>): RoleGrant => ({
  id: 'g', name: 'Viewer', role_id: 'r-viewer', expiration: null, resId: null, resName: null, resType: 'ORG', instance_id: null, database_id: null,
  status: 'ACTIVE', userId: null, groupId: null, groupName: null, memberEmail: null, instanceAlias: null, via: 'USER', ...over,
});
const grants: RoleGrant[] = [
  grant({ id: 'g1', userId: 'u2', memberEmail: 'member@example.com' }),
  grant({ id: 'g2', name: 'Developer', resType: 'INSTANCE', resId: INSTANCE_ID, instance_id: INSTANCE_ID, instanceAlias: 'production', groupId: 'grp', groupName: 'Operators', via: 'GROUP' }),
  grant({ id: 'g3', resType: 'DATABASE', resId: 'power', resName: 'power', instance_id: INSTANCE_ID, instanceAlias: 'production', userId: 'u2', memberEmail: 'member@example.com' }),
];

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = new URL(req.url, 'http://x');
  if (isMenusCall(url.pathname)) return sendJson(res, ok({}));
  if (url.pathname === '/api/role/grant-list') return sendJson(res, ok(url.searchParams.get('userId') ? grants.filter((g) => g.id !== 'g1') : grants));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server);

const row = async (text: string) => (await screen.findByText(text, {}, { timeout: 30_000 })).closest('tr')!;

describe('grants tables', () => {
  it('all grants name whom each is given to and the instance by alias', async () => {
    signIn();
    renderScreen(<GrantsTable orgId="o1" filter={{}} writable />);
    expect(await screen.findByRole('columnheader', { name: 'Granted to' }, { timeout: 30_000 })).toBeTruthy();
    const byGroup = await row('Group Operators');
    expect(within(byGroup).getByText('production')).toBeTruthy();
    expect(screen.queryByText(INSTANCE_ID)).toBeNull();
    expect(within(await row('production / power')).getByText('member@example.com')).toBeTruthy();
  });

  it('a member grant through a group says which group manages it', async () => {
    signIn();
    renderScreen(<GrantsTable orgId="o1" filter={{ userId: 'u2' }} writable />);
    const byGroup = await row('Developer');
    expect(within(byGroup).getByText('Managed via group Operators')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Granted to' })).toBeNull();
  });
});
