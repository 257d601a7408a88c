export { discover, OidcError, type OidcDiscovery } from './discovery';
export { authorizationUrl, completeAuthorization, type OidcClient, type OidcProfile } from './client';
export { newPkce, randomValue } from './pkce';
