import { describe, expect, it } from 'vitest';
import { scrubTokensFromAddressBar, withoutTokens } from './urlTokens';

describe('tokens in URLs (issue 14)', () => {
  it('the last route never keeps a token parameter, other parameters stay', () => {
    expect(withoutTokens('/auth/reset?token=abc')).toBe('/auth/reset');
    expect(withoutTokens('/organization?accept=inv123&tab=users')).toBe('/organization?tab=users');
    expect(withoutTokens('/aws?x-amzn-marketplace-token=t&src=ad')).toBe('/aws?src=ad');
    expect(withoutTokens('/instances')).toBe('/instances');
  });

  it('the address bar loses the token, the history entry keeps its state', () => {
    window.history.replaceState({ key: 'router-state' }, '', '/auth/reset?token=abc&lang=en#top');
    scrubTokensFromAddressBar();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/auth/reset?lang=en#top');
    expect(window.history.state).toEqual({ key: 'router-state' });
  });
});
