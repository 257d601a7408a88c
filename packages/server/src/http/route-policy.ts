import type { FastifyRequest } from 'fastify';
import type { MessageKey, PrivilegeRequirement } from '@tscloud/contracts';

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
 * - staff:    a signed-in support staff account (the support desk, platform/support); no organization.
 *
 * On 'instance' routes, `scope` says what the route acts on (docs/access-control.md "The guard"):
 * - 'instance' (default): the instance as a whole; the privileges must come from ORG or INSTANCE grants.
 * - 'resource': one database, super table or view the call names (or what the member's engine user may reach);
 *   any grant inside the instance admits the call, and the handler must check the named resource (`requireOn`).
 */
export type AccessLevel = 'public' | 'user' | 'org' | 'instance' | 'staff';

export interface RoutePolicy {
  access: AccessLevel;
  privileges?: PrivilegeRequirement;
  /** 'instance' routes only: whole instance (default) or one named resource inside it. */
  scope?: 'instance' | 'resource';
  /** Whether the route changes something (writes are refused in a read-only organization and logged). */
  write?: boolean;
  /**
   * How a write is refused while the organization is stopped for unpaid arrears (docs/billing.md "Arrears"); the
   * organization guard's general "read-only until paid" when absent.
   */
  arrearsRefusal?: MessageKey;
  /** Activity-log type and operation recorded for org members' changes (e.g. 'organization', 'rename'). */
  activity?: { type: string; operation: string };
  /** A protected operation id of GET /dict/verify-urls: needs a Verify-Token or MFA-Code when MFA is on. */
  mfa?: string;
  /**
   * 'org' and 'instance' routes: a refusal that holds whatever the second factor says (organization delete: an
   * instance or arrears left). Run after the organization guard and before the `mfa` step-up, so nobody is asked
   * for a code for an operation that cannot be done; it throws the refusal.
   */
  precondition?: (request: FastifyRequest) => Promise<void>;
  /**
   * The route may change who reaches which instance engine (grants, roles, groups, members, the owner): once it
   * answers, the organization's running instances reconcile their engine users (docs/instance-users.md).
   */
  changesAccess?: boolean;
  /**
   * 'org' and 'instance' routes opened as a plain browser link, which cannot send the Account-Id header (the
   * export download): the organization the request acts in, read from what the path names; it may throw the
   * route's own refusal. Every other check of the guard runs as usual.
   */
  orgFrom?: (request: FastifyRequest) => string;
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
