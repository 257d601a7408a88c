/**
 * Rule 7: the query parameters read on the first load, as actions for the adapter to carry out, and where the
 * navigation goes afterwards.
 */
export type QueryAction =
  | { kind: 'storeSource'; value: string }
  | { kind: 'storeInstanceType'; value: string }
  | { kind: 'setSharedDbCode'; value: string }
  | { kind: 'switchOrg'; orgId: string; instanceId: string }
  /** A provider-specific value: stored, the profile token cleared and single sign-on logged out. */
  | { kind: 'providerValue'; name: string; value: string };

/** Parameters identity providers and marketplaces append on their way back to the console. */
export const PROVIDER_PARAMS = ['x-amzn-marketplace-token', 'marketplace_token', 'auth0_state'] as const;

export interface FirstLoadQuery {
  actions: QueryAction[];
  to: string;
}

/** Only same-site paths are followed, so a crafted link cannot send the user elsewhere. */
export function safeRedirect(value: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  return decoded.startsWith('/') && !decoded.startsWith('//') && !decoded.startsWith('/\\') ? decoded : null;
}

export function parseFirstLoadQuery(search: string, path: string): FirstLoadQuery {
  const params = new URLSearchParams(search);
  const actions: QueryAction[] = [];
  let to = path;
  const src = params.get('src');
  if (src) actions.push({ kind: 'storeSource', value: src });
  const instanceType = params.get('instanceType') ?? params.get('InstanceType');
  if (instanceType) actions.push({ kind: 'storeInstanceType', value: instanceType });
  const shared = params.get('sharedDBCode');
  if (shared) {
    actions.push({ kind: 'setSharedDbCode', value: shared });
    to = '/explorer';
  }
  const redirect = params.get('redirect');
  const redirectTo = redirect ? safeRedirect(redirect) : null;
  if (redirectTo) to = redirectTo;
  const orgId = params.get('orgId');
  const insId = params.get('insId');
  if (orgId && insId) actions.push({ kind: 'switchOrg', orgId, instanceId: insId });
  for (const name of PROVIDER_PARAMS) {
    const value = params.get(name);
    if (value) actions.push({ kind: 'providerValue', name, value });
  }
  return { actions, to };
}
