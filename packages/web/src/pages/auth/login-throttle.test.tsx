import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { ApiCode, languageFrom, translate } from '@tscloud/contracts';
import { changeLanguage, currentLanguage } from '../../i18n';
import { configureTestHttp } from '../../testing/httpEnvironment';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { ok, renderScreen, useScreenTest } from '../../testing/screenHarness';
import LoginPage from './LoginPage';

/**
 * The login page when sign-in is slowed down (issue 12 item 6), with the real request layer against a server
 * answering as ours does: a 429 offers an e-mailed sign-in link, and the page opened from that link sends its
 * token with the password.
 */
vi.setConfig({ testTimeout: 120_000 });

const EMAIL = 'ada@example.com';
const PASSWORD = 'Secret.123';
const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const lang = languageFrom(req.headers['accept-language']);
  if (req.url === '/uc/api/auth/unlock/send') return sendJson(res, ok(null));
  if (req.url !== '/uc/api/auth/login') return sendJson(res, { code: 404, message: 'Not found', data: null });
  const body = JSON.parse(req.body) as { password: string; unlockToken?: string };
  if (body.unlockToken && body.unlockToken !== 'live') return sendJson(res, { code: ApiCode.BAD_REQUEST, message: translate('error.unlockLinkInvalid', lang), data: null });
  if (body.unlockToken === 'live' && body.password === PASSWORD) return sendJson(res, ok({ tokenType: 'Cookie', expiresAt: Date.now() + 7_200_000 }));
  sendJson(res, { code: ApiCode.TOO_MANY_REQUESTS, message: translate('error.signInDelayed', lang, 30), data: { retryAfterSeconds: 30 } });
});
const shown: string[] = [];
useScreenTest(server, {
  beforeAll: () => configureTestHttp(server.origin, { language: currentLanguage, showError: (text) => shown.push(text) }),
  reset: () => {
    shown.length = 0;
    void changeLanguage('en');
  },
});

const wait = { timeout: 30_000 };
const bodies = (path: string) => server.requests.filter((r) => r.url === path).map((r) => JSON.parse(r.body) as Record<string, unknown>);

function open(at: string) {
  return renderScreen(
    [
      { path: '/auth/login', element: <LoginPage /> },
      { path: '*', element: <p>console</p> },
    ],
    { at },
  );
}

async function submit(email: string | null, password: string) {
  if (email !== null) fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page while sign-in is slowed down', () => {
  it('offers an e-mailed sign-in link after a 429, and sends it to the address typed', async () => {
    open('/auth/login');
    await screen.findByRole('button', { name: 'Sign in' }, wait);
    await submit(EMAIL, 'Wrong.pass1');
    await screen.findByText('Signing in is slowed down after too many wrong passwords. If this is your account, we can e-mail you a link to sign in now.', {}, wait);
    expect(shown).toEqual(['Too many sign-in attempts, please try again in 30 seconds']);
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await screen.findByText(`If ${EMAIL} has an account, a sign-in link is on its way. It works once, for 30 minutes.`, {}, wait);
    expect(bodies('/uc/api/auth/unlock/send')).toEqual([{ email: EMAIL }]);
  });

  it('checks the address before asking for a link, in Chinese too', async () => {
    await changeLanguage('zh');
    open('/auth/login');
    await screen.findByRole('button', { name: /^登\s*录$/ }, wait);
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: EMAIL } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Wrong.pass1' } });
    fireEvent.click(screen.getByRole('button', { name: /^登\s*录$/ }));
    await screen.findByText('由于多次输入错误密码，登录已被延缓。如果这是您的账号，我们可以向您的邮箱发送一个登录链接，让您立即登录。', {}, wait);
    expect(shown).toEqual(['登录尝试次数过多，请 30 秒后再试']);
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: '通过邮件发送登录链接' }));
    await waitFor(() => expect(screen.getByText('请输入有效的邮箱地址')).toBeTruthy(), wait);
    expect(bodies('/uc/api/auth/unlock/send')).toEqual([]);
  });

  it('opened from the link, fills the address and signs in with the password and the link', async () => {
    const router = open(`/auth/login?unlock=live&email=${encodeURIComponent(EMAIL)}`);
    await screen.findByText('You opened a sign-in link: enter your password to sign in.', {}, wait);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(EMAIL);
    await submit(null, PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), wait);
    expect(bodies('/uc/api/auth/login')).toEqual([{ email: EMAIL, password: PASSWORD, unlockToken: 'live' }]);
  });

  it('drops a used link after the refusal, so the next try is an ordinary one', async () => {
    open(`/auth/login?unlock=used&email=${encodeURIComponent(EMAIL)}`);
    await screen.findByText('You opened a sign-in link: enter your password to sign in.', {}, wait);
    await submit(null, PASSWORD);
    await waitFor(() => expect(shown).toEqual(['The unlock link is invalid or has expired, please ask for a new one']), wait);
    await waitFor(() => expect(screen.queryByText('You opened a sign-in link: enter your password to sign in.')).toBeNull(), wait);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(bodies('/uc/api/auth/login')).toHaveLength(2), wait);
    expect(bodies('/uc/api/auth/login')[1]).toEqual({ email: EMAIL, password: PASSWORD });
  });
});
