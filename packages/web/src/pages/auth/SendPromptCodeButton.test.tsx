import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { Providers } from '../../app/Providers';
import { configureTestHttp } from '../../testing/httpEnvironment';
import { queryClient } from '../../data/queryClient';
import { clearSession, getDeviceId, getCsrfToken, mfaHeaders } from '../../state/session';
import { openTestSession } from '../../testing/session';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { VerificationPrompt } from '../settings/mfa/VerificationPrompt';

vi.setConfig({ testTimeout: 120_000 });
const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  if (req.url === '/api/user/getVerifyCode/email') sendJson(res, { code: 200, message: 'success', data: { channel: 'email', to: 'a***@example.com', expiresAt: 1 } });
  else sendJson(res, { code: 404, message: 'Not found', data: null });
});

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computed(element);
  configureTestHttp(server.origin, { csrfToken: getCsrfToken, deviceId: getDeviceId, mfaHeaders: () => mfaHeaders() });
});
afterEach(() => {
  cleanup();
  clearSession();
  queryClient.clear();
  server.requests.length = 0;
});
afterAll(() => server.close());

describe('the verification-code prompt offers a code by e-mail', () => {
  it('asks the server to mail a code and answers with the code typed', async () => {
    openTestSession();
    const onAnswer = vi.fn();
    render(
      <Providers>
        <VerificationPrompt mfaEnabled={false} buy={async (body) => (onAnswer(body), { verifyToken: 'vt', expiresAt: 0 })} onDone={() => undefined} />
      </Providers>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Send a code to my e-mail instead' }, { timeout: 30_000 }));
    expect(await screen.findByText('A code valid for 10 minutes was sent to a***@example.com.', { exact: false }, { timeout: 30_000 })).toBeTruthy();
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/user/getVerifyCode/email']);
    expect(server.requests[0].headers['x-csrf-token']).toBe('csrf-t1');
    expect(screen.getByRole('button', { name: 'Send another code' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /Confirm|OK/ }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ code: '123456' }));
  });
});
