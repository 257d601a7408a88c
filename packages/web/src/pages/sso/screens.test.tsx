import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { ALL_PRIVILEGES, type SsoSetting } from '@tscloud/contracts';
import { queryClient } from '../../data/queryClient';
import { patchBoot } from '../../state/boot';
import { getCsrfToken, selectOrg, session, setUserInfo } from '../../state/session';
import { openTestSession } from '../../testing/session';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { ok, renderScreen, useScreenTest } from '../../testing/screenHarness';
import LoginPage from '../auth/LoginPage';
import AuthorizePage from './AuthorizePage';
import SsoSettingsPage from './SsoSettingsPage';
import { browser } from './ssoRules';

/** The SSO screens with the real request layer and router against a server answering as ours does. */
vi.setConfig({ testTimeout: 120_000 });

let answers: Record<string, unknown> = {};
const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const answer = answers[`${req.method} ${req.url.split('?')[0]}`];
  sendJson(res, answer === undefined ? { code: 404, message: 'Not found', data: null } : answer);
});
const sent = (method: string, path: string) => server.requests.filter((r) => r.method === method && r.url.split('?')[0] === path);
const go = vi.fn();

useScreenTest(server, {
  beforeAll: () => {
    browser.go = go;
  },
  reset: () => {
    answers = {};
    go.mockReset();
  },
});

function openAt(url: string) {
  return renderScreen(
    [
      { path: '/auth/login', element: <LoginPage /> },
      { path: '/auth/authorize', element: <AuthorizePage /> },
      { path: '/organizationAccessControl/sso', element: <SsoSettingsPage /> },
      { path: '*', element: <div data-testid="landed" /> },
    ],
    { at: url },
  );
}

describe('login page', () => {
  it('?azure_sso starts the directory sign-in at once and sends the browser there', async () => {
    answers['POST /uc/api/auth/sso/start'] = ok({ url: 'https://login.example/authorize?state=abc' });
    openAt('/auth/login?azure_sso=contoso-com&redirect=%2Finstances');
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://login.example/authorize?state=abc'), { timeout: 30_000 });
    expect(JSON.parse(sent('POST', '/uc/api/auth/sso/start')[0].body)).toEqual({ connection: 'contoso-com', redirect: '/instances' });
    expect(sent('POST', '/uc/api/auth/sso/start')).toHaveLength(1);
  });

  it('a password sign-in refused for SSO goes to the connection the server names', async () => {
    answers['POST /uc/api/auth/login'] = { code: 403, message: 'Your organization uses single sign-on: please sign in through it', data: { connectionName: 'contoso-com' } };
    answers['POST /uc/api/auth/sso/start'] = ok({ url: 'https://login.example/authorize?state=def' });
    answers['GET /uc/api/auth/sso/providers'] = ok([]);
    const router = openAt('/auth/login');
    fireEvent.change(await screen.findByLabelText('Email', {}, { timeout: 30_000 }), { target: { value: 'bob@contoso.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Passw0rd.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://login.example/authorize?state=def'), { timeout: 30_000 });
    expect(router.state.location.search).toBe('?azure_sso=contoso-com');
    expect(JSON.parse(sent('POST', '/uc/api/auth/sso/start')[0].body)).toEqual({ connection: 'contoso-com' });
  });

  it('shows one button per configured provider, none without providers, and a work e-mail entry for SSO', async () => {
    answers['GET /uc/api/auth/sso/providers'] = ok([{ id: 'localidp', name: 'Local IdP' }]);
    answers['POST /uc/api/auth/sso/start'] = ok({ url: 'https://idp.example/auth' });
    openAt('/auth/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Local IdP' }, { timeout: 30_000 }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://idp.example/auth'), { timeout: 30_000 });
    expect(JSON.parse(sent('POST', '/uc/api/auth/sso/start')[0].body)).toEqual({ provider: 'localidp' });

    fireEvent.click(screen.getByRole('button', { name: 'Sign in with enterprise SSO' }));
    fireEvent.change(screen.getByLabelText('Work e-mail'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter a valid email address', {}, { timeout: 30_000 })).toBeTruthy();
    expect(sent('POST', '/uc/api/auth/sso/start')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Work e-mail'), { target: { value: 'alice@contoso.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent('POST', '/uc/api/auth/sso/start')).toHaveLength(2), { timeout: 30_000 });
    expect(JSON.parse(sent('POST', '/uc/api/auth/sso/start')[1].body)).toEqual({ email: 'alice@contoso.com' });
    cleanup();

    answers['GET /uc/api/auth/sso/providers'] = ok([]);
    queryClient.clear();
    openAt('/auth/login');
    await screen.findByRole('button', { name: 'Sign in with enterprise SSO' }, { timeout: 30_000 });
    await waitFor(() => expect(sent('GET', '/uc/api/auth/sso/providers').length).toBeGreaterThan(1), { timeout: 30_000 });
    expect(screen.queryByRole('button', { name: /^Continue with/ })).toBeNull();
  });
});

describe('/auth/authorize', () => {
  it('posts the provider\'s answer once, asking for a cookie session, and follows the redirect', async () => {
    answers['POST /uc/api/auth/auth0-login'] = ok({ kind: 'signin', login: { tokenType: 'Cookie', expiresAt: 1 }, redirect: '/instances' });
    const sessionsBefore = session.get().sessionVersion;
    const router = openAt('/auth/authorize?code=c1&state=s1');
    await screen.findByTestId('landed', {}, { timeout: 30_000 });
    expect(router.state.location.pathname).toBe('/instances');
    expect(session.get().sessionVersion).toBe(sessionsBefore + 1);
    expect(sent('POST', '/uc/api/auth/auth0-login')[0].headers['session-transport']).toBe('cookie');
    expect(sent('POST', '/uc/api/auth/auth0-login').map((r) => JSON.parse(r.body))).toEqual([{ state: 's1', code: 'c1' }]);
  });

  it('shows the server\'s refusal (no e-mail in the profile) with a way back', async () => {
    answers['POST /uc/api/auth/auth0-login'] = { code: 401, message: 'no e-mail in the third-party SSO profile', data: null };
    openAt('/auth/authorize?code=c2&state=s2');
    expect(await screen.findByText('no e-mail in the third-party SSO profile', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to sign-in' })).toBeTruthy();
    expect(getCsrfToken()).toBeNull();
  });
});

describe('organization SSO settings screen', () => {
  const saved: SsoSetting = {
    id: 's1', orgId: 'o1', identityProvider: 'azure-ad', connectionName: 'contoso-com', domain: 'contoso.com', clientId: '0f3c8a52-5a1e-4b6e-9f37-2a8f9d7c1e44',
    clientSecretSaved: true, enabled: true, verified: false, verifiedAt: null, enforced: false, redirectUri: 'http://console.test/auth/authorize', updatedAt: 1,
  };
  function signedInOwner(isOwner = true) {
    openTestSession();
    setUserInfo({ id: 'u1', email: 'owner@contoso.com', accountStatus: 2 } as never);
    selectOrg('o1');
    patchBoot({ orgs: [{ orgId: 'o1', name: 'Contoso', orgStatus: 'ACTIVE', orgDiscount: 1, privileges: [...ALL_PRIVILEGES], marketplaceType: null, isOwner } as never], instances: [] });
  }

  it('shows the rules before sending, keeps what was typed, then creates the setting', async () => {
    signedInOwner();
    answers['GET /api/org/sso/azure-ad'] = ok(null);
    answers['POST /api/org/sso/azure-ad'] = ok(saved);
    openAt('/organizationAccessControl/sso');
    fireEvent.change(await screen.findByLabelText('Domain', {}, { timeout: 30_000 }), { target: { value: 'contoso' } });
    fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: 'my-app' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid Azure AD domain (for example contoso.com)', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText('The client ID is the application ID Azure AD shows: 8-4-4-4-12 hexadecimal digits')).toBeTruthy();
    expect(screen.getByText('Please enter the client secret (at most 512 characters)')).toBeTruthy();
    expect((screen.getByLabelText('Domain') as HTMLInputElement).value).toBe('contoso');
    expect(sent('POST', '/api/org/sso/azure-ad')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'contoso.com' } });
    fireEvent.change(screen.getByLabelText('Client ID'), { target: { value: saved.clientId } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('POST', '/api/org/sso/azure-ad')).toHaveLength(1), { timeout: 30_000 });
    expect(JSON.parse(sent('POST', '/api/org/sso/azure-ad')[0].body)).toEqual({ domain: 'contoso.com', clientId: saved.clientId, clientSecret: 's3cret', enabled: true });
    expect(await screen.findByTestId('sso-login-link', {}, { timeout: 30_000 })).toBeTruthy();
  });

  it('never shows the saved secret, says so instead, and starts the verification sign-in', async () => {
    signedInOwner();
    answers['GET /api/org/sso/azure-ad'] = ok(saved);
    answers['POST /api/org/sso/azure-ad/s1/verify'] = ok({ url: 'https://login.example/verify' });
    openAt('/organizationAccessControl/sso');
    const secret = (await screen.findByLabelText('Client secret', {}, { timeout: 30_000 })) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('the saved client secret could not be shown');
    expect(screen.getByTestId('sso-verified').textContent).toBe('Not verified');
    expect(screen.getByTestId('sso-login-link').textContent).toContain('/auth/login?azure_sso=contoso-com');
    fireEvent.click(screen.getByRole('button', { name: 'Verify with a test sign-in' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://login.example/verify'), { timeout: 30_000 });
  });

  it('is read-only for an organization admin who is not the owner', async () => {
    signedInOwner(false);
    answers['GET /api/org/sso/azure-ad'] = ok(saved);
    openAt('/organizationAccessControl/sso');
    expect(await screen.findByText('Only the organization owner can change single sign-on.', {}, { timeout: 30_000 })).toBeTruthy();
    expect((screen.getByLabelText('Domain') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
