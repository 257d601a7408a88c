import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { ApiCode, type OrgDeleteCheck, type OrgSummary } from '@tscloud/contracts';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { ok, renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import { DeleteOrgDialog } from './DeleteOrgDialog';

/**
 * Issue 14 item 13: the delete dialog asks the server's check when it opens; an organization that cannot be deleted
 * gets the reason and a disabled Delete, so no delete (and no verification prompt) is ever sent for it.
 */
let check: OrgDeleteCheck = { deletable: false, reason: 'error.orgHasInstances' };
const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  if (req.url === '/api/org/remove/o1/check') return sendJson(res, ok(check));
  if (req.method === 'DELETE') return sendJson(res, { code: ApiCode.MFA_REQUIRED, message: 'This operation needs multi-factor verification', data: null });
  sendJson(res, ok(null));
});
useScreenTest(server);

const org = { orgId: 'o1', name: 'Acme' } as OrgSummary;
const deleteButton = () => screen.getByRole('button', { name: 'Delete' });

describe('the organization delete dialog', () => {
  it('with an instance or arrears left: says why, and Delete is disabled', async () => {
    check = { deletable: false, reason: 'error.orgHasInstances' };
    signIn();
    renderScreen(<DeleteOrgDialog org={org} onClose={() => undefined} />);
    expect((await screen.findByTestId('org-delete-refusal', {}, { timeout: 15_000 })).textContent).toContain('Delete all instances of the organization and clear its arrears first');
    expect(deleteButton()).toHaveProperty('disabled', true);
    fireEvent.click(deleteButton());
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('deletable: the rule and the confirmation, Delete enabled', async () => {
    check = { deletable: true, reason: null };
    signIn();
    renderScreen(<DeleteOrgDialog org={org} onClose={() => undefined} />);
    expect(await screen.findByText('Delete Acme and everything that belongs to it? This cannot be undone.', {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(deleteButton()).toHaveProperty('disabled', false));
    expect(screen.queryByTestId('org-delete-refusal')).toBeNull();
  });
});
