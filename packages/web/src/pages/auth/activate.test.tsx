import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { ApiCode, languageFrom, translate } from '@tscloud/contracts';
import { changeLanguage, currentLanguage } from '../../i18n';
import { configureTestHttp } from '../../testing/httpEnvironment';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { ok, renderScreen, useScreenTest } from '../../testing/screenHarness';
import ActivatePage from './ActivatePage';

/**
 * The activation page (issue 12 item 5) with the real request layer against a server answering as ours does: the link
 * is checked first, activation asks for the password chosen at sign-up, the rule is checked before sending, and the
 * server's refusal is shown at the field in the user's language with the typed password kept.
 */
vi.setConfig({ testTimeout: 120_000 });

const EMAIL = 'ada@example.com';
const CHOSEN = 'Secret.123';

const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const url = new URL(req.url, 'http://test');
  const lang = languageFrom(req.headers['accept-language']);
  const refuse = (key: 'error.activationFailed' | 'error.activationPasswordWrong', data: unknown = null) =>
    sendJson(res, { code: ApiCode.BAD_REQUEST, message: translate(key, lang), data });
  if (url.pathname !== '/uc/api/auth/activate') return sendJson(res, { code: 404, message: 'Not found', data: null });
  if (req.method === 'GET') return url.searchParams.get('token') === 'live' ? sendJson(res, ok({ email: EMAIL, activated: false })) : refuse('error.activationFailed');
  const body = JSON.parse(req.body) as { token: string; password: string };
  if (body.token !== 'live') return refuse('error.activationFailed');
  if (body.password !== CHOSEN) return refuse('error.activationPasswordWrong', { field: 'password' });
  sendJson(res, ok({ email: EMAIL, activated: true }));
});
const activations = () => server.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body) as Record<string, unknown>);

// Calls carry the page's language, as in the app, so the server answers in it.
useScreenTest(server, { beforeAll: () => configureTestHttp(server.origin, { language: currentLanguage }), reset: () => void changeLanguage('en') });

function open(token: string) {
  return renderScreen(
    [
      { path: '/auth/activate', element: <ActivatePage /> },
      { path: '/auth/registered/:email/:activated', element: <p>registered page</p> },
    ],
    { at: `/auth/activate?token=${token}` },
  );
}

const wait = { timeout: 30_000 };
const passwordField = () => screen.getByLabelText('Password') as HTMLInputElement;
/** The message that describes the field (PlainFormField ties it by aria-describedby). */
const helpOfPassword = () => {
  const help = passwordField().getAttribute('aria-describedby');
  return help ? (document.getElementById(help)?.textContent ?? '') : '';
};

describe('activation page', () => {
  it('asks for the password, checks it is there before sending, keeps it on refusal and activates with the right one', async () => {
    const router = open('live');
    await screen.findByText(`Enter the password you chose when signing up, to activate ${EMAIL}.`, {}, wait);

    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(helpOfPassword()).toBe('This field is required'), wait);
    expect(activations()).toEqual([]);

    fireEvent.change(passwordField(), { target: { value: 'Attacker.42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(helpOfPassword()).toBe('This is not the password chosen when signing up with this link'), wait);
    expect(passwordField().value).toBe('Attacker.42');
    expect(activations()).toEqual([{ token: 'live', password: 'Attacker.42' }]);

    fireEvent.change(passwordField(), { target: { value: CHOSEN } });
    fireEvent.click(screen.getByRole('button', { name: 'Activate' }));
    await screen.findByText('Your account is activated. You will be redirected in 3 seconds.', {}, wait);
    expect(activations()[1]).toEqual({ token: 'live', password: CHOSEN });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/auth/registered/${encodeURIComponent(EMAIL)}/activated`), wait);
  });

  it("shows the server's refusal in Chinese", async () => {
    await changeLanguage('zh');
    open('live');
    await screen.findByText(`请输入注册时设置的密码，以激活 ${EMAIL}。`, {}, wait);
    fireEvent.change(screen.getByLabelText('密码') as HTMLInputElement, { target: { value: 'Attacker.42' } });
    fireEvent.click(screen.getByRole('button', { name: '激 活' }));
    await screen.findByText('密码与通过此链接注册时设置的密码不一致', {}, wait);
    expect((screen.getByLabelText('密码') as HTMLInputElement).value).toBe('Attacker.42');
  });

  it('says so when the link is dead, without a form', async () => {
    open('dead');
    await screen.findByText('Activation failed, please re-initiate verification', {}, wait);
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(activations()).toEqual([]);
  });
});
