import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { queryClient } from '../../data/queryClient';
import { session } from '../../state/session';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { ok, renderScreen, useScreenTest } from '../../testing/screenHarness';
import AwsMarketplacePage from './AwsMarketplacePage';
import AzureMarketplacePage from './AzureMarketplacePage';
import { marketplaceFormSchema, marketplaceTokenFrom, registerBody } from './marketplaceForm';

/** The marketplace landing with the real request layer and router against a server answering as ours does. */
vi.setConfig({ testTimeout: 120_000 });

let answers: Record<string, unknown> = {};
const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const answer = answers[`${req.method} ${req.url.split('?')[0]}`];
  sendJson(res, answer === undefined ? { code: 404, message: 'Not found', data: null } : answer);
});
const sent = (method: string, path: string) => server.requests.filter((r) => r.method === method && r.url.split('?')[0] === path).map((r) => JSON.parse(r.body));
const WAIT = { timeout: 30_000 };

useScreenTest(server, { reset: () => (answers = {}) });

function openAt(url: string) {
  return renderScreen(
    [
      { path: '/auth/aws', element: <AwsMarketplacePage /> },
      { path: '/auth/azure', element: <AzureMarketplacePage /> },
      { path: '*', element: <div data-testid="landed" /> },
    ],
    { at: url },
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('marketplace landing page', () => {
  it('creates an account: the e-mail code is sent and verified, the subscription linked, the console opened in the new organization', async () => {
    answers['POST /uc/api/auth/marketplace/check'] = ok({ marketplace: 'aws', customerId: 'c1', productCode: 'p', email: 'buyer@example.com', bound: false });
    answers['GET /uc/api/auth/captcha'] = ok({ enabled: false, provider: 'off', siteKey: '', scriptUrl: '' });
    answers['POST /uc/api/auth/send/verifycode'] = ok({ expiresAt: 1 });
    answers['POST /uc/api/auth/verify-code'] = ok({ email: 'buyer@example.com', verified: true, expiresAt: 1 });
    answers['POST /uc/api/auth/register/marketplace'] = ok({ tokenType: 'Cookie', expiresAt: 1, orgId: 'org-mp' });
    const sessionsBefore = session.get().sessionVersion;
    const router = openAt('/auth/aws?x-amzn-marketplace-token=mp-token');

    expect(await screen.findByDisplayValue('buyer@example.com', {}, WAIT)).toBeTruthy();
    expect(sent('POST', '/uc/api/auth/marketplace/check')).toEqual([{ marketplace: 'aws', token: 'mp-token' }]);

    // The rules show before anything is sent, and the form keeps what was typed.
    type('First name', 'B@d');
    type('Password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create account and link' }));
    expect(await screen.findByText('Special characters are not allowed', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('Wrong password format')).toBeTruthy();
    expect(screen.getByText('The verification code must be 6 digits')).toBeTruthy();
    expect(screen.getByText('You must confirm the terms of service first')).toBeTruthy();
    expect(sent('POST', '/uc/api/auth/register/marketplace')).toHaveLength(0);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('B@d');

    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(sent('POST', '/uc/api/auth/send/verifycode')).toEqual([{ email: 'buyer@example.com' }]), WAIT);
    expect(await screen.findByText('A verification code was sent to your e-mail. It is valid for 10 minutes.', {}, WAIT)).toBeTruthy();

    type('Verification code', '123456');
    type('First name', 'Bea');
    type('Last name', 'Buyer');
    type('Password', 'Secret.123');
    type('Confirm password', 'Secret.123');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account and link' }));
    await screen.findByTestId('landed', {}, WAIT);
    expect(sent('POST', '/uc/api/auth/verify-code')).toEqual([{ email: 'buyer@example.com', code: '123456' }]);
    expect(sent('POST', '/uc/api/auth/register/marketplace')).toEqual([
      { marketplace: 'aws', token: 'mp-token', email: 'buyer@example.com', password: 'Secret.123', newAccount: true, firstName: 'Bea', lastName: 'Buyer', acceptTerms: true },
    ]);
    expect(session.get().sessionVersion).toBe(sessionsBefore + 1);
    expect(session.get().current.orgId).toBe('org-mp');
    expect(router.state.location.pathname).toBe('/');
  });

  it('links to an existing account, asking for the second factor when the server wants it', async () => {
    answers['POST /uc/api/auth/marketplace/check'] = ok({ marketplace: 'azure', customerId: 'c2', productCode: '', email: '', bound: false });
    answers['POST /uc/api/auth/register/marketplace'] = { code: 433, message: 'This operation needs multi-factor verification', data: null };
    openAt('/auth/azure?token=az-token');
    fireEvent.click(await screen.findByText('I have an account', {}, WAIT));
    type('Email', 'owner@example.com');
    type('Password', 'Secret.123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in and link' }));
    const code = await screen.findByLabelText('Multi-factor code', {}, WAIT);
    answers['POST /uc/api/auth/register/marketplace'] = ok({ tokenType: 'Cookie', expiresAt: 1, orgId: 'org-az' });
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in and link' }));
    await screen.findByTestId('landed', {}, WAIT);
    expect(sent('POST', '/uc/api/auth/register/marketplace')).toEqual([
      { marketplace: 'azure', token: 'az-token', email: 'owner@example.com', password: 'Secret.123', newAccount: false },
      { marketplace: 'azure', token: 'az-token', email: 'owner@example.com', password: 'Secret.123', newAccount: false, mfaCode: '654321' },
    ]);
    expect(sent('POST', '/uc/api/auth/verify-code')).toHaveLength(0);
  });

  it('shows why a token cannot be used: missing, refused, or already linked', async () => {
    openAt('/auth/aws');
    expect(await screen.findByText('The marketplace registration token is invalid or has expired', {}, WAIT)).toBeTruthy();
    cleanup();
    answers['POST /uc/api/auth/marketplace/check'] = { code: 400, message: 'The marketplace registration token is invalid or has expired', data: null };
    openAt('/auth/aws?token=bad');
    expect(await screen.findByText('The marketplace registration token is invalid or has expired', {}, WAIT)).toBeTruthy();
    cleanup();
    queryClient.clear();
    answers['POST /uc/api/auth/marketplace/check'] = ok({ marketplace: 'aws', customerId: 'c3', productCode: '', email: '', bound: true });
    openAt('/auth/aws?token=used');
    expect(await screen.findByText('This marketplace subscription is already linked to an organization', {}, WAIT)).toBeTruthy();
  });
});

describe('marketplace form rules', () => {
  it('asks an existing account only for e-mail and password, and sends only those', () => {
    const existing = { marketplace: 'aws' as const, token: 't', email: 'a@example.com', password: 'x', newAccount: false, firstName: '', lastName: '', code: '', confirmPassword: '' };
    expect(marketplaceFormSchema.safeParse(existing).success).toBe(true);
    expect(registerBody(existing)).toEqual({ marketplace: 'aws', token: 't', email: 'a@example.com', password: 'x', newAccount: false });
    const mismatch = marketplaceFormSchema.safeParse({ ...existing, newAccount: true, password: 'Secret.123', confirmPassword: 'Secret.124', firstName: 'A', lastName: 'B', acceptTerms: true, code: '123456' });
    expect(mismatch.success ? [] : mismatch.error.issues.map((i) => i.message)).toEqual(['validation.passwordMismatch']);
    expect(marketplaceTokenFrom(new URLSearchParams('x-amzn-marketplace-token=abc'))).toBe('abc');
    expect(marketplaceTokenFrom(new URLSearchParams('token=%20az%20'))).toBe('az');
  });
});
