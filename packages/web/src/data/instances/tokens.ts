import { onLogout } from '../../state/logout';
import { createStore, useStore } from '../../state/store';

/**
 * Instance tokens the server answered in this page session (create and token reset). The server keeps only a hash
 * (docs/instances.md), so these answers are the only time a token is seen; it is held in memory only — never in
 * local or session storage — and is gone after a reload, when the programming page offers a reset instead.
 */
const tokens = createStore<Record<string, string>>({});

export function rememberInstanceToken(instanceId: string, token: string): void {
  tokens.set((all) => ({ ...all, [instanceId]: token }));
}

export function useInstanceToken(instanceId: string | null): string | null {
  return useStore(tokens, (all) => (instanceId ? (all[instanceId] ?? null) : null));
}

export function forgetInstanceTokens(): void {
  tokens.set({});
}

// A token belongs to the signed-in user's session.
onLogout(forgetInstanceTokens);
