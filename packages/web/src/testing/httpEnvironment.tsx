import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureHttp, type HttpEnvironment } from '../api/http';

/**
 * Points the request layer at a test server with quiet defaults (an open session, organization o1, English, no MFA
 * headers, no messages); a test overrides what it looks at. Test-only helper.
 */
export function configureTestHttp(origin: string, overrides: Partial<HttpEnvironment> = {}): void {
  configureHttp({
    csrfToken: () => 'csrf-tok',
    orgId: () => 'o1',
    deviceId: () => 'dev',
    language: () => 'en',
    mfaHeaders: () => ({}),
    showError: () => undefined,
    text: (key) => key,
    onSessionInvalid: () => undefined,
    origin,
    ...overrides,
  });
}

/** A fresh QueryClient (no retries) and the provider wrapper for renderHook. */
export function testQueryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}
