import { afterEach, describe, expect, it } from 'vitest';
import { configureTestHttp } from '../../testing/httpEnvironment';
import { sendJson, startTestServer } from '../../testing/httpServer';
import { clearMfa, mfaHeaders } from '../../state/session';
import { removeOrg } from '../orgs/remove';
import { setVerificationAsker } from './verification';

/**
 * A protected call end to end through the real request layer and session store, against a scripted HTTP server:
 * 433 → prompt → POST /api/verify/token → the same call again, now carrying the Verify-Token header.
 */
let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
  clearMfa();
  setVerificationAsker(null);
});

async function protectedServer() {
  const s = await startTestServer((req, res) => {
    if (req.url === '/api/verify/token') return sendJson(res, { code: 200, message: 'ok', data: { verifyToken: 'vt-9', expiresAt: 0 } });
    if (req.headers['verify-token'] === 'vt-9') return sendJson(res, { code: 200, message: 'ok', data: null });
    return sendJson(res, { code: 433, message: 'This operation needs multi-factor verification', data: null });
  });
  close = s.close;
  const shown: string[] = [];
  configureTestHttp(s.origin, { mfaHeaders: () => mfaHeaders(), showError: (text) => shown.push(text) });
  return { s, shown };
}

describe('protected operation through the request layer', () => {
  it('asks, buys a Verify-Token, retries with it and keeps it for the next call', async () => {
    const { s, shown } = await protectedServer();
    let asked = 0;
    setVerificationAsker(async (buy) => {
      asked++;
      return buy({ code: '123456' });
    });
    await removeOrg('o1').catch((e: unknown) => e);
    expect(s.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['DELETE /api/org/remove/o1', 'POST /api/verify/token', 'DELETE /api/org/remove/o1']);
    expect(JSON.parse(s.requests[1].body)).toEqual({ code: '123456' });
    expect(s.requests[2].headers['verify-token']).toBe('vt-9');
    expect(shown).toEqual([]);
    // Within the reuse window the token goes along at once: no second prompt.
    await removeOrg('o1').catch(() => undefined);
    expect(asked).toBe(1);
    expect(s.requests.at(-1)?.headers['verify-token']).toBe('vt-9');
  });

  it('cancelling the prompt sends nothing more and clears the token', async () => {
    const { s } = await protectedServer();
    setVerificationAsker(async () => null);
    await expect(removeOrg('o1')).rejects.toThrow('verification cancelled');
    expect(s.requests).toHaveLength(1);
    expect(mfaHeaders()).toEqual({});
  });
});
