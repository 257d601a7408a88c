import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { ApiCode, languageFrom, translate } from '@tscloud/contracts';
import { changeLanguage, currentLanguage } from '../../../i18n';
import { configureTestHttp } from '../../../testing/httpEnvironment';
import { sendJson, startTestServer, type RecordedRequest } from '../../../testing/httpServer';
import { ok, renderScreen, signIn, useScreenTest } from '../../../testing/screenHarness';
import { mfaHeaders, session, setUserInfo } from '../../../state/session';
import { removeOrg } from '../../../data/orgs/remove';
import { setUpHttp } from '../../../app/httpSetup';

/**
 * The verification prompt of a protected operation (issue 12 item 4), through the real request layer and dialog
 * host against a server answering as ours does: with multi-factor on it asks for the second factor only, checks its
 * rule before sending, shows the server's refusal at the field with what was typed kept, and retries the operation
 * with the Verify-Token it bought.
 */
vi.setConfig({ testTimeout: 120_000 });

// The app shell's start registers the prompt (the request layer is then pointed at the test server).
setUpHttp();

const RIGHT_CODE = '654321';
const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const lang = languageFrom(req.headers['accept-language']);
  const refuse = (code: number, key: 'error.mfaRequired' | 'error.mfaInvalid' | 'error.mfaCodeNeeded') => sendJson(res, { code, message: translate(key, lang), data: null });
  if (req.url === '/api/verify/token') {
    const body = JSON.parse(req.body) as { code?: string; password?: string };
    if (!body.code) return refuse(ApiCode.BAD_REQUEST, 'error.mfaCodeNeeded');
    return body.code === RIGHT_CODE ? sendJson(res, ok({ verifyToken: 'vt-ok', expiresAt: Date.now() + 540_000 })) : refuse(ApiCode.BAD_REQUEST, 'error.mfaInvalid');
  }
  if (req.url === '/api/org/remove/o1') return req.headers['verify-token'] === 'vt-ok' ? sendJson(res, ok(null)) : refuse(ApiCode.MFA_REQUIRED, 'error.mfaRequired');
  sendJson(res, { code: 404, message: 'Not found', data: null });
});
useScreenTest(server, { beforeAll: () => configureTestHttp(server.origin, { language: currentLanguage, mfaHeaders: () => mfaHeaders() }), reset: () => void changeLanguage('en') });

const wait = { timeout: 30_000 };
const tokenRequests = () => server.requests.filter((r) => r.url === '/api/verify/token').map((r) => JSON.parse(r.body) as Record<string, unknown>);
const codeField = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const helpOf = (field: HTMLElement) => field.closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const confirm = () => fireEvent.click(screen.getByRole('button', { name: /Confirm|确认|确 认/ }));

function startProtectedCall(mfaEnabled: boolean) {
  signIn();
  setUserInfo({ ...session.get().userInfo!, mfaEnabled });
  renderScreen(<p>console</p>, { dialogs: true });
  return removeOrg('o1');
}

describe('the verification prompt of a protected operation', () => {
  it('with multi-factor on asks for the code only, keeps what was typed on a refusal, and retries with the token bought', async () => {
    const done = startProtectedCall(true);
    await screen.findByText('This operation is protected by multi-factor verification. Enter the 6-digit code from your authenticator app, or one of your recovery codes.', {}, wait);
    // No password, no code by e-mail: only the second factor buys a token.
    expect(screen.queryByText('Password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a code to my e-mail instead' })).toBeNull();

    const field = codeField('Code or recovery code');
    fireEvent.change(field, { target: { value: '12345' } });
    confirm();
    await waitFor(() => expect(helpOf(field)).toBe('Enter the 6-digit code from your authenticator app or a recovery code'), wait);
    expect(tokenRequests()).toEqual([]);
    expect(field.value).toBe('12345');

    fireEvent.change(field, { target: { value: '123456' } });
    confirm();
    await waitFor(() => expect(helpOf(field)).toBe('Wrong verification code'), wait);
    expect(tokenRequests()).toEqual([{ code: '123456' }]);
    expect(codeField('Code or recovery code').value).toBe('123456');

    fireEvent.change(field, { target: { value: RIGHT_CODE } });
    confirm();
    await expect(done).resolves.toBeNull();
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /api/org/remove/o1',
      'POST /api/verify/token',
      'POST /api/verify/token',
      'DELETE /api/org/remove/o1',
    ]);
    expect(server.requests.at(-1)?.headers['verify-token']).toBe('vt-ok');
    await waitFor(() => expect(screen.queryByLabelText('Code or recovery code')).toBeNull(), wait);
  });

  it('accepts a recovery code, and speaks Chinese', async () => {
    await changeLanguage('zh');
    const done = startProtectedCall(true);
    await screen.findByText('此操作受多因素验证保护。请输入身份验证器应用中的 6 位验证码，或您的一个恢复码。', {}, wait);
    const field = codeField('验证码或恢复码');
    fireEvent.change(field, { target: { value: 'abc' } });
    confirm();
    await waitFor(() => expect(helpOf(field)).toBe('请输入身份验证器应用中的 6 位验证码或恢复码'), wait);
    fireEvent.change(field, { target: { value: 'k3j9d-q8x2m' } });
    confirm();
    await waitFor(() => expect(helpOf(field)).toBe('验证码错误'), wait);
    expect(tokenRequests()).toEqual([{ code: 'k3j9d-q8x2m' }]);
    expect(field.value).toBe('k3j9d-q8x2m');
    fireEvent.click(screen.getByRole('button', { name: /Cancel|取消|取 消/ }));
    await expect(done).rejects.toThrow('verification cancelled');
  });

  it('without multi-factor keeps the code-by-e-mail and password choices', async () => {
    const done = startProtectedCall(false);
    await screen.findByText('This operation is protected. Confirm it with a code sent to your e-mail or with your password.', {}, wait);
    expect(screen.getByText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a code to my e-mail instead' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    await expect(done).rejects.toThrow('verification cancelled');
  });
});
