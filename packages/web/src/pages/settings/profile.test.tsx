import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { UserInfo } from '@tscloud/contracts';
import { getCsrfToken, session, setUserInfo } from '../../state/session';
import { setNavigator } from '../../routes/navigation';
import { changeLanguage } from '../../i18n';
import { sendJson, startTestServer, type RecordedRequest } from '../../testing/httpServer';
import { isMenusCall, ok, renderScreen, signIn, useScreenTest } from '../../testing/screenHarness';
import SettingsPage from './SettingsPage';

/**
 * The user's own profile (settings, Profile tab) with the real request layer against a server answering as ours
 * does: GET /uc/api/user/mgmt's fields shown, the rules checked before PUT /uc/api/user, the server's refusals shown.
 */
vi.setConfig({ testTimeout: 120_000 });

const user: UserInfo = {
  id: 'u1', email: 'owner@example.com', phone: '', country_code: 'CN', phone_verified: false, company_name: 'Acme', industry_type: 'energy', position: 'engineer',
  status: 'ACTIVE', role_id: '1', first_name: 'Ann', last_name: 'Lee', username: 'ann', nickname: '', avatar: '', language: 'en', accountStatus: 2, mfaEnabled: false,
} as UserInfo;

let profileAnswer: (body: Record<string, unknown>) => unknown = () => null;
const server = await startTestServer((req: RecordedRequest, res: ServerResponse) => {
  const path = req.url.split('?')[0];
  if (isMenusCall(path)) return sendJson(res, ok({}));
  if (path === '/api/dict/industry') return sendJson(res, ok([{ value: 'energy', label: 'Energy' }, { value: 'retail', label: 'Retail' }]));
  if (path === '/api/dict/position') return sendJson(res, ok([{ value: 'engineer', label: 'Engineer' }]));
  if (path === '/api/dict/country') return sendJson(res, ok([{ value: 'CN', label: 'China', dialingCode: '+86' }]));
  if (req.method === 'POST' && path === '/api/user/sessions/revoke-all') return sendJson(res, ok(null));
  if (req.method === 'PUT' && path === '/uc/api/user') {
    const answer = profileAnswer(JSON.parse(req.body));
    return sendJson(res, answer);
  }
  sendJson(res, { code: 404, message: 'Not found', data: null });
});
const puts = () => server.requests.filter((r) => r.method === 'PUT' && r.url === '/uc/api/user').map((r) => JSON.parse(r.body) as Record<string, unknown>);

useScreenTest(server, { reset: () => (profileAnswer = () => null) });

function open() {
  signIn();
  setUserInfo(user);
  renderScreen(<SettingsPage />);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const helpOf = (label: string) => field(label).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const wait = { timeout: 30_000 };

describe('profile', () => {
  it('shows the signed-in user, checks the rules before sending and sends what the form holds', async () => {
    open();
    await waitFor(() => expect(field('First name').value).toBe('Ann'), wait);
    expect(field('User name').value).toBe('ann');
    expect((screen.getByDisplayValue('owner@example.com') as HTMLInputElement).disabled).toBe(true);

    fireEvent.change(field('First name'), { target: { value: '' } });
    fireEvent.change(field('Nickname'), { target: { value: '<b>' } });
    fireEvent.change(field('Company'), { target: { value: 'Acme <script>' } });
    save();
    await waitFor(() => expect(helpOf('First name')).toBe('This field is required'), wait);
    expect(helpOf('Nickname')).toBe('Special characters are not allowed');
    expect(helpOf('Company')).toMatch(/^Special characters are not allowed: use letters/);
    fireEvent.change(field('Company'), { target: { value: 'Acme' } });
    expect(puts()).toEqual([]);

    profileAnswer = (body) => ok({ ...user, first_name: body.first_name, nickname: body.nickname, language: body.language });
    fireEvent.change(field('First name'), { target: { value: 'Anna' } });
    fireEvent.change(field('Nickname'), { target: { value: 'Annie' } });
    fireEvent.mouseDown(field('Language of e-mails'));
    fireEvent.click(await screen.findByTitle('中文', {}, wait));
    save();
    await waitFor(() => expect(puts()).toHaveLength(1), wait);
    expect(puts()[0]).toEqual({
      first_name: 'Anna', last_name: 'Lee', nickname: 'Annie', username: 'ann', company_name: 'Acme', industry_type: 'energy', position: 'engineer', country_code: 'CN', language: 'zh',
    });
    await waitFor(() => expect(session.get().userInfo).toMatchObject({ first_name: 'Anna', nickname: 'Annie', language: 'zh' }), wait);
  });

  it('shows the server refusal at the field it names, or above the button', async () => {
    open();
    await waitFor(() => expect(field('Company').value).toBe('Acme'), wait);

    profileAnswer = () => ({ code: 400, message: 'Form format error', data: { field: 'industry_type' } });
    fireEvent.change(field('Company'), { target: { value: 'Acme Ltd' } });
    save();
    await waitFor(() => expect(helpOf('Industry')).toBe('Form format error'), wait);
    expect(screen.queryByTestId('profile-refusal')).toBeNull();

    profileAnswer = () => ({ code: 500, message: 'Service is unavailable, please try again later', data: null });
    save();
    const refusal = await screen.findByTestId('profile-refusal', {}, wait);
    expect(within(refusal).getByText('Service is unavailable, please try again later')).toBeTruthy();
    // What was typed is kept for another try.
    expect(field('Company').value).toBe('Acme Ltd');
  });
});

describe('sign out everywhere', () => {
  const revokeCalls = () => server.requests.filter((r) => r.method === 'POST' && r.url === '/api/user/sessions/revoke-all');

  it('asks first, then ends every session on the server and signs this browser out', async () => {
    const went: string[] = [];
    setNavigator((to) => went.push(to));
    signIn();
    setUserInfo(user);
    renderScreen(<SettingsPage />, { dialogs: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }, wait));
    let dialog = await screen.findByRole('dialog', {}, wait);
    expect(within(dialog).getByText(/Every session of your account ends now, including this one/)).toBeTruthy();
    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
    expect(revokeCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    dialog = await screen.findByRole('dialog', {}, wait);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(went).toEqual(['/auth/login']), wait);
    expect(revokeCalls()).toHaveLength(1);
    // A cookie-authenticated write: the CSRF cookie's value went along, no bearer token.
    expect(revokeCalls()[0].headers['x-csrf-token']).toBe('csrf-t1');
    expect(revokeCalls()[0].headers.authorization).toBeUndefined();
    // Signed out here too: no session indicator, no user, and no second (logout) call.
    expect(getCsrfToken()).toBeNull();
    expect(session.get().userInfo).toBeNull();
    expect(server.requests.some((r) => r.url === '/api/user/logout')).toBe(false);
  });

  it('is in Chinese too', async () => {
    signIn();
    setUserInfo({ ...user, language: 'zh' });
    await changeLanguage('zh');
    try {
      renderScreen(<SettingsPage />, { dialogs: true });
      fireEvent.click(await screen.findByRole('button', { name: '退出所有设备' }, wait));
      expect(await screen.findByText('确定退出所有设备吗？', {}, wait)).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });
});
