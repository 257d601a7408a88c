// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { configureHttp, http, type HttpEnvironment } from './http';
import { ApiError, LocalCode } from './errors';
import { sendJson, startTestServer } from '../testing/httpServer';

type Shown = { text: string; seconds: number; closable: boolean };

function setUp(origin: string, overrides: Partial<HttpEnvironment> = {}) {
  const shown: Shown[] = [];
  const events = { sessionInvalid: 0 };
  configureHttp({
    csrfToken: () => 'csrf-1',
    orgId: () => 'org-9',
    deviceId: () => 'dev-1',
    language: () => 'zh',
    mfaHeaders: () => ({ verifyToken: 'vt' }),
    showError: (text, seconds, closable) => shown.push({ text, seconds, closable }),
    text: (key) => `<${key}>`,
    onSessionInvalid: () => events.sessionInvalid++,
    origin,
    ...overrides,
  });
  return { shown, events };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function server(responder: Parameters<typeof startTestServer>[0]) {
  const s = await startTestServer(responder);
  close = s.close;
  return s;
}

describe('request layer', () => {
  it('sends the §7 headers to /api and returns data of a success envelope', async () => {
    const s = await server((_, res) => sendJson(res, { code: 21200, message: 'ok', data: { a: 1 } }));
    setUp(s.origin);
    expect(await http.get('/org/menus', { query: { x: 1, y: undefined } })).toEqual({ a: 1 });
    const req = s.requests[0];
    expect(req.url).toBe('/api/org/menus?x=1');
    // No Authorization: the session is the HttpOnly cookie; the CSRF cookie's value goes back as X-CSRF-Token.
    expect(req.headers['authorization']).toBeUndefined();
    expect(req.headers['x-csrf-token']).toBe('csrf-1');
    expect(req.headers['session-transport']).toBe('cookie');
    expect(req.headers['account-id']).toBe('org-9');
    expect(req.headers['device-id']).toBe('dev-1');
    expect(req.headers['accept-language']).toBe('zh');
    expect(req.headers['verify-token']).toBe('vt');
    expect(req.headers['mfa-code']).toBeUndefined();
  });

  it('sends the CSRF token on writes too, and asks sign-ins for a cookie session', async () => {
    const s = await server((_, res) => sendJson(res, { code: 200, message: '', data: null }));
    setUp(s.origin);
    await http.put('/user/reset', { a: 1 });
    await http.delete('/org/remove/o1');
    expect(s.requests.map((r) => [r.method, r.headers['x-csrf-token'], r.headers['authorization']])).toEqual([
      ['PUT', 'csrf-1', undefined],
      ['DELETE', 'csrf-1', undefined],
    ]);
    setUp(s.origin, { csrfToken: () => null });
    await http.post('/auth/login', { email: 'a@b.cn', password: 'x' }, { area: 'auth' });
    expect(s.requests[2].headers['session-transport']).toBe('cookie');
    expect(s.requests[2].headers['x-csrf-token']).toBeUndefined();
  });

  it('treats 302 as success and sends JSON bodies', async () => {
    const s = await server((_, res) => sendJson(res, { code: 302, message: '', data: 'https://x' }));
    setUp(s.origin);
    expect(await http.post('/auth/login', { email: 'a@b.cn' }, { area: 'auth' })).toBe('https://x');
    expect(s.requests[0].url).toBe('/uc/api/auth/login');
    expect(JSON.parse(s.requests[0].body)).toEqual({ email: 'a@b.cn' });
  });

  it('rejects main calls locally without a session indicator (the CSRF cookie), but sends auth calls', async () => {
    const s = await server((_, res) => sendJson(res, { code: 200, message: '', data: 1 }));
    setUp(s.origin, { csrfToken: () => null });
    await expect(http.get('/org')).rejects.toMatchObject({ code: LocalCode.NO_TOKEN, message: '<error.notLoggedIn>' });
    expect(s.requests).toHaveLength(0);
    expect(await http.post('/auth/recover', { email: 'a@b.cn' }, { area: 'auth' })).toBe(1);
    expect(s.requests[0].headers['x-csrf-token']).toBeUndefined();
  });

  it('retries 439 up to 5 times, then succeeds', async () => {
    let n = 0;
    const s = await server((_, res) => sendJson(res, n++ < 5 ? { code: 21439, message: 'busy' } : { code: 200, message: '', data: 'done' }));
    const { shown } = setUp(s.origin);
    expect(await http.get('/alert/list')).toBe('done');
    expect(s.requests).toHaveLength(6);
    expect(shown).toEqual([]);
  });

  it('gives up after 5 retries with the 30 s closable message', async () => {
    const s = await server((_, res) => sendJson(res, { code: 439, message: 'busy' }));
    const { shown } = setUp(s.origin);
    await expect(http.get('/alert/list')).rejects.toMatchObject({ code: 439 });
    expect(s.requests).toHaveLength(6);
    expect(shown).toEqual([{ text: 'busy', seconds: 30, closable: true }]);
  });

  it('exhausted 439 retries: the app is told which call (silent ones too), and without a server message the text says the server is busy (issue 14 item 14)', async () => {
    const s = await server((_, res) => sendJson(res, { code: 21439, message: '', data: null }));
    const exhausted: string[] = [];
    const { shown } = setUp(s.origin, { onRetriesExhausted: (call) => exhausted.push(call) });
    await expect(http.get('/org')).rejects.toMatchObject({ code: 439, message: '<error.retriesExhausted>' });
    await expect(http.get('/app/list', { silent: true })).rejects.toMatchObject({ code: 439 });
    expect(exhausted).toEqual(['GET /api/org', 'GET /api/app/list']);
    expect(shown).toEqual([{ text: '<error.retriesExhausted>', seconds: 30, closable: true }]);
  });

  it('names the call of each error message, and a success of that call clears them (issue 14 item 14)', async () => {
    let fail = true;
    const s = await server((_, res) => sendJson(res, fail ? { code: 21401, message: 'Invalid email address or password', data: null } : { code: 200, message: '', data: 'in' }));
    const calls: string[] = [];
    const cleared: string[] = [];
    setUp(s.origin, { showError: (_text, _seconds, _closable, call) => calls.push(String(call)), clearErrors: (call) => cleared.push(call) });
    await expect(http.post('/auth/login', { email: 'a@b.c' }, { area: 'auth' })).rejects.toMatchObject({ code: 401 });
    expect(calls).toEqual(['POST /uc/api/auth/login']);
    fail = false;
    expect(await http.post('/auth/login', { email: 'a@b.c' }, { area: 'auth' })).toBe('in');
    expect(cleared).toEqual(['POST /uc/api/auth/login']);
  });

  it('432 and 512 show a 5 s message and invalidate the session', async () => {
    for (const code of [21432, 512]) {
      const s = await server((_, res) => sendJson(res, { code, message: '' }, 401));
      const { shown, events } = setUp(s.origin);
      const error = await http.get('/user').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe(code % 1000);
      expect(shown).toEqual([{ text: '<error.sessionInvalid>', seconds: 5, closable: false }]);
      expect(events.sessionInvalid).toBe(1);
      await close?.();
      close = null;
    }
  });

  it('other codes: custom message, then server message, then generic text; silent calls show nothing', async () => {
    let message = 'Email already used';
    const s = await server((_, res) => sendJson(res, { code: 400, message, data: { field: 'email' } }));
    const { shown } = setUp(s.origin);
    await expect(http.post('/org', {}, { errorMessage: 'custom' })).rejects.toMatchObject({ code: 400, data: { field: 'email' } });
    await expect(http.post('/org', {})).rejects.toMatchObject({ message: 'Email already used' });
    message = '';
    await expect(http.post('/org', {})).rejects.toMatchObject({ code: 400 });
    await expect(http.post('/org', {}, { silent: true })).rejects.toMatchObject({ code: 400 });
    expect(shown.map((m) => m.text)).toEqual(['custom', 'Email already used', '<error.serviceUnavailable>']);
    expect(shown.every((m) => m.seconds === 30 && m.closable)).toBe(true);
  });

  it('network errors show their message; a non-envelope answer shows the generic text', async () => {
    const s = await server((_, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
    const { shown } = setUp(s.origin);
    await expect(http.get('/banner')).rejects.toMatchObject({ code: 502 });
    await close?.();
    close = null;
    await expect(http.get('/banner')).rejects.toMatchObject({ code: LocalCode.NETWORK });
    expect(shown[0].text).toBe('<error.serviceUnavailable>');
    expect(shown[1].text).not.toBe('');
  });

  it('times out after the given time', async () => {
    const s = await server(() => undefined);
    const { shown } = setUp(s.origin);
    await expect(http.get('/slow', { timeoutMs: 100 })).rejects.toMatchObject({ code: LocalCode.TIMEOUT });
    expect(shown[0].text).toBe('<errors.timeout>');
  });

  it('blob calls return the body, and read the error message of a failed blob', async () => {
    let fail = false;
    const s = await server((_, res) => {
      if (fail) {
        res.writeHead(404, { 'Content-Type': 'application/octet-stream' });
        res.end(JSON.stringify({ code: 21404, message: 'no such file' }));
      } else {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        res.end('file-bytes');
      }
    });
    const { shown } = setUp(s.origin);
    const blob = await http.get<Blob>('/files/1', { responseType: 'blob' });
    expect(await blob.text()).toBe('file-bytes');
    fail = true;
    await expect(http.get('/files/2', { responseType: 'blob' })).rejects.toMatchObject({ code: 404, message: 'no such file' });
    expect(shown[0].text).toBe('no such file');
  });
});
