/**
 * Query parameters that carry a secret (issue 14): a password-reset or activation token, an invitation's accept
 * token, a marketplace registration token. Once the page has read them (the router keeps its own copy of the
 * location), they leave the address bar, so they do not stay in the history, a bookmark or a shared screenshot,
 * and they are never stored as the user's last route.
 */
export const TOKEN_PARAMS = ['token', 'accept', 'x-amzn-marketplace-token', 'marketplace_token'] as const;

/** A path with its query (`/a?b=c`) without the token parameters. */
export function withoutTokens(pathWithSearch: string): string {
  const url = new URL(pathWithSearch, 'http://console.invalid');
  for (const name of TOKEN_PARAMS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Replaces the address bar's URL with the same one without token parameters. Only the browser's entry changes
 * (history.replaceState keeps the router's state), so the page that read the token keeps it for this visit.
 */
export function scrubTokensFromAddressBar(): void {
  if (typeof window === 'undefined') return;
  const { pathname, search, hash } = window.location;
  const current = `${pathname}${search}${hash}`;
  const clean = withoutTokens(current);
  if (clean !== current) window.history.replaceState(window.history.state, '', clean);
}
