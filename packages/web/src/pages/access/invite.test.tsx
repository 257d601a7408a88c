import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { AcceptInvitationResult, OrgMember, Role } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import { storePendingInvitation } from '../../data/auth/invitation';
import { rebuild } from '../../routes/rebuild';
import { session } from '../../state/session';
import SignupPage from '../auth/SignupPage';
import { InviteDialog } from './InviteDialog';
import { MembersTable } from './MembersTable';

/**
 * Issue 14 item 1 on screen: the invite dialog attaches a role (only those within the caller's organization
 * privileges, as the server's mayGiveRole), the members list marks a member without a live role, the invitation
 * mail's sign-up link locks the invited address, and an accept link of someone already in says so.
 */
vi.setConfig({ testTimeout: 120_000 });

const VIEWER: Role = { id: 'r-viewer', name: 'Viewer', description: '', builtin: true, privileges: ['org:read', 'instance:read'], createdAt: 0 };
const ADMIN: Role = { id: 'r-admin', name: 'Admin', description: '', builtin: true, privileges: ['org:read', 'instance:read', 'user:invite', 'role:manage'], createdAt: 0 };
const member = (email: string, over: Partial<OrgMember> = {}): OrgMember => ({
  memberId: email, userId: email, email, firstName: '', lastName: '', status: 'ACTIVE', isOwner: false, groups: [], roles: [], invitedAt: 0, joinedAt: 0, ...over,
});
const role = (name: string, over: Partial<OrgMember['roles'][number]> = {}) => ({ grantId: `g-${name}`, roleId: name, name, resType: 'ORG', expiration: null, status: 'ACTIVE', via: 'USER', groupId: null, ...over }) as OrgMember['roles'][number];

let members: OrgMember[] = [];
let accepted: AcceptInvitationResult = { orgId: 'o2', name: 'Beta', alreadyMember: true };

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = new URL(req.url, 'http://x');
  if (isMenusCall(url.pathname)) return sendJson(res, ok({}));
  if (req.method === 'GET' && url.pathname === '/api/role') return sendJson(res, ok([ADMIN, VIEWER]));
  if (req.method === 'GET' && url.pathname === '/api/group') return sendJson(res, ok([]));
  if (req.method === 'POST' && url.pathname === '/api/user/invite') return sendJson(res, ok({ memberId: 'm9', email: 'new@example.com', existingUser: false }));
  if (req.method === 'GET' && url.pathname === '/api/user') return sendJson(res, ok({ list: members, total: members.length, current_page: 1, page_size: 10 }));
  if (req.method === 'POST' && url.pathname === '/uc/api/user/accept') return sendJson(res, ok(accepted));
  if (req.method === 'GET' && url.pathname === '/api/org') {
    const orgs = [
      { orgId: 'o1', name: 'Acme', orgStatus: 'ACTIVE', orgDiscount: 1, privileges: ['org:read'], marketplaceType: null, isOwner: true },
      { orgId: 'o2', name: 'Beta', orgStatus: 'ACTIVE', orgDiscount: 1, privileges: ['org:read'], marketplaceType: null, isOwner: false },
    ];
    return sendJson(res, ok({ list: orgs, total: 2, current_page: 1, page_size: 10000 }));
  }
  if (req.method === 'GET' && url.pathname === '/api/app/list') return sendJson(res, ok([]));
  sendJson(res, { code: 404, message: 'Not found', data: null });
});

useScreenTest(server, {
  reset: () => {
    members = [];
    accepted = { orgId: 'o2', name: 'Beta', alreadyMember: true };
  },
});

const wait = { timeout: 30_000 };

describe('invitations on screen', () => {
  it('the invite dialog offers the roles the inviter may give and sends the chosen one', async () => {
    // A recruiter: may invite, holds only what Viewer gives (not Admin's privileges), no group management.
    signIn({ privileges: ['org:read', 'instance:read', 'user:invite'] });
    renderScreen(<InviteDialog orgId="o1" onClose={() => undefined} />);
    expect(screen.getByText('Without a role or a group, the member joins with no access to the organization.')).toBeTruthy();
    expect(screen.queryByText('Groups')).toBeNull();

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'new@example.com' } });
    fireEvent.mouseDown(screen.getByLabelText('Role in the organization'));
    await waitFor(() => expect(screen.getByTitle('Viewer')).toBeTruthy(), wait);
    expect(screen.queryByTitle('Admin')).toBeNull();
    fireEvent.click(screen.getByTitle('Viewer'));
    await waitFor(() => expect(screen.queryByText(/joins with no access/)).toBeNull(), wait);

    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/user/invite')).toBe(true), wait);
    const sent = JSON.parse(server.requests.find((r) => r.url === '/api/user/invite')!.body);
    expect(sent).toEqual({ email: 'new@example.com', groupIds: [], roleId: 'r-viewer' });
  });

  it('the members list marks a member without a live role, not the owner nor one with a role', async () => {
    members = [
      member('owner@example.com', { isOwner: true }),
      member('viewer@example.com', { roles: [role('Viewer')] }),
      member('bare@example.com'),
      member('pending@example.com', { status: 'INVITED' }),
      member('lapsed@example.com', { roles: [role('Viewer', { expiration: Date.now() - 1000 })] }),
    ];
    signIn();
    renderScreen(<MembersTable orgId="o1" canUpdate canDelete canGrant canManageGroups />, { dialogs: true });
    await waitFor(() => expect(screen.getByText('bare@example.com')).toBeTruthy(), wait);
    const marked = screen.getAllByTestId('missing-role').map((tag) => tag.closest('tr')?.textContent ?? '');
    expect(marked).toHaveLength(3);
    expect(marked.join(' ')).toMatch(/bare@example\.com.*pending@example\.com.*lapsed@example\.com/);
    expect(marked.join(' ')).not.toMatch(/owner@example\.com|viewer@example\.com/);
  });

  it("the invitation mail's sign-up link fills the invited address in and locks it", async () => {
    renderScreen([{ path: '/auth/signup', element: <SignupPage /> }], { at: '/auth/signup?email=Invited%40Example.com' });
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('invited@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByText('You were invited with this address: sign up with it to join.')).toBeTruthy();
  });

  it('an accept link of a member who already joined says so and goes to that organization', async () => {
    signIn();
    renderScreen(<div />);
    storePendingInvitation('tok-1');
    await rebuild();
    expect(JSON.parse(server.requests.find((r) => r.url === '/uc/api/user/accept')!.body)).toEqual({ token: 'tok-1' });
    await waitFor(() => expect(screen.getByText('You are already a member of Beta')).toBeTruthy(), wait);
    expect(session.get().current.orgId).toBe('o2');
  });

  it('an accept link used first joins and says so', async () => {
    accepted = { orgId: 'o2', name: 'Beta', alreadyMember: false };
    signIn();
    renderScreen(<div />);
    storePendingInvitation('tok-2');
    await rebuild();
    await waitFor(() => expect(screen.getByText('You joined Beta')).toBeTruthy(), wait);
    expect(session.get().current.orgId).toBe('o2');
  });
});
