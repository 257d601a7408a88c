import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, signedIn, type Caller } from '../orgs/helpers';

/** Everything the server logged, one JSON line each. */
const logged: string[] = [];

let t: TestApp;
let owner: Caller;
let orgId: string;
beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => void logged.push(line) } });
  owner = await signedIn(t, 'owner@example.com');
  orgId = await createOrg(owner, 'Acme');
});
afterAll(async () => t.close());

describe('a NUL character in a request', () => {
  it('is refused with the validation code, naming the field, in a body, a path parameter and a query', async () => {
    const inBody = await owner.call('POST', '/api/group', { name: 'g\u0000x', description: 'd' }, orgId);
    expect(inBody).toMatchObject({ code: 400, message: 'The text cannot contain a NUL character (U+0000)', data: { field: 'name' } });
    const nested = await owner.call('PUT', '/api/user/roles', { grants: [{ roleId: 'r', scope: { type: 'x\u0000' } }] }, orgId);
    expect(nested).toMatchObject({ code: 400, data: { field: 'grants.0.scope.type' } });
    const inPath = await owner.call('PUT', '/api/group/ab%00cd', { name: 'x' }, orgId);
    expect(inPath).toMatchObject({ code: 400, data: { field: 'id' } });
    const inQuery = await owner.call('GET', '/api/org?name=a%00b', undefined, orgId);
    expect(inQuery).toMatchObject({ code: 400, data: { field: 'name' } });
    const signIn = await owner.call('POST', '/uc/api/auth/login', { email: 'owner@example.com', password: 'ab\u0000c1.aaaa' }, null, { 'accept-language': 'zh-CN' });
    expect(signIn).toMatchObject({ code: 400, message: '文本不能包含空字符（U+0000）', data: { field: 'password' } });
  });

  it('is refused on every API route, in a path parameter or the query, before any guard looks it up', async () => {
    const answers: string[] = [];
    for (const route of t.app.routeTable) {
      const withParams = route.url.replace(/:(\w+)/g, 'a%00b');
      const url = withParams === route.url ? `${route.url}?q=a%00b` : withParams;
      const res = await owner.call(route.method, url, route.method === 'GET' || route.method === 'DELETE' ? undefined : {}, orgId);
      answers.push(`${route.method} ${route.url} ${res.code}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(' 400'))).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
  });

  it('in a body never makes a route fail (500) nor succeed', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      if (route.method === 'GET' || route.method === 'DELETE' || route.url.includes(':')) continue;
      const res = await owner.call(route.method, route.url, { name: 'a\u0000b', email: 'a\u0000b@example.com', id: 'a\u0000b' }, orgId);
      if (res.code === 500 || res.code === 200) failures.push(`${route.method} ${route.url} ${res.code}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the log', () => {
  it('keeps a failed query but never its parameters', async () => {
    const error = await t.store.db.execute(sql`select ${'secret-value\u0000'}::text as a`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String((error as Error).message)).toContain('secret-value');
    logged.length = 0;
    t.app.log.error({ err: error }, 'unhandled error');
    const line = logged.join('');
    expect(line).toContain('Failed query: select $1::text as a');
    expect(line).toContain('invalid byte sequence');
    expect(line).not.toContain('secret-value');
  });
});
