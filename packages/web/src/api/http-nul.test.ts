// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { http } from './http';
import { ApiError } from './errors';
import { sendJson, startTestServer } from '../testing/httpServer';
import { configureTestHttp } from '../testing/httpEnvironment';
import { zhCatalogue } from '../i18n/keys';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('a NUL character in a call', () => {
  it('is refused before sending, with the server rule and message, in the body or the query', async () => {
    const s = await startTestServer((_, res) => sendJson(res, { code: 200, message: '', data: null }));
    close = s.close;
    const shown: string[] = [];
    configureTestHttp(s.origin, { language: () => 'zh', text: (key) => zhCatalogue[key], showError: (text) => void shown.push(text) });

    const inBody = await http.post('/group', { name: 'a\u0000b' }).catch((error: unknown) => error);
    expect(inBody).toBeInstanceOf(ApiError);
    expect(inBody).toMatchObject({ code: 400, message: '文本不能包含空字符（U+0000）', data: { field: 'name' } });
    const inQuery = await http.get('/org', { query: { name: 'x\u0000' } }).catch((error: unknown) => error);
    expect(inQuery).toMatchObject({ code: 400, data: { field: 'name' } });
    expect(shown).toEqual(['文本不能包含空字符（U+0000）', '文本不能包含空字符（U+0000）']);
    expect(s.requests).toEqual([]);

    await http.post('/group', { name: 'ab' });
    expect(s.requests).toHaveLength(1);
  });
});
