import type { PrivilegeRequirement } from '@tscloud/contracts';

/**
 * What a route demands of its caller, declared next to the route (`config: { policy }`) and enforced by the
 * guard hooks of the auth and access plugins, never inside handlers. Routes without a policy are refused at
 * start (see routeRegistryPlugin), so no route can be forgotten.
 *
 * - public:   anyone (sign-up, sign-in, dictionaries, the banner).
 * - user:     a signed-in user, whatever the organization.
 * - org:      a signed-in, active member of the organization named by the Account-Id header, holding the
 *             privileges; an organization that is not ACTIVE refuses writes.
 * - instance: like org, and the instance in the path (:appId / :instanceId / :id) belongs to that organization.
 */
export type AccessLevel = 'public' | 'user' | 'org' | 'instance';

export interface RoutePolicy {
  access: AccessLevel;
  privileges?: PrivilegeRequirement;
  /** Whether the route changes something (writes are refused in a read-only organization and logged). */
  write?: boolean;
  /** Activity-log type and operation recorded for org members' changes (e.g. 'organization', 'rename'). */
  activity?: { type: string; operation: string };
  /** A protected operation id of GET /dict/verify-urls: needs a Verify-Token or MFA-Code when MFA is on. */
  mfa?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: RoutePolicy;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  policy: RoutePolicy;
}
