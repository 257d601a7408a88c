import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { authGuardPlugin } from '../../src/platform/accounts';
import type { AppDeps } from '../../src/deps';

describe('authentication guard', () => {
  it('refuses at start a route that names an unknown protected operation', async () => {
    const app = Fastify();
    // The onRoute check runs before any request, so the dependencies are never touched.
    await app.register(authGuardPlugin, {} as AppDeps);
    expect(() => app.post('/api/thing', { config: { policy: { access: 'user', mfa: 'thing.delete' } } }, async () => null)).toThrow(
      "route POST /api/thing names an unknown protected operation 'thing.delete'",
    );
    expect(() => app.post('/api/other', { config: { policy: { access: 'user', mfa: 'org.delete' } } }, async () => null)).not.toThrow();
    await app.close();
  });
});
