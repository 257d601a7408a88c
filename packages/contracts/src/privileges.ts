/**
 * The privilege catalogue (platform-shell.md §6: "the catalogue of role names and privilege strings: not shown";
 * this is our design, documented in docs/access-control.md). Privileges are strings; routes and menus require
 * them all-of or any-of.
 */
export const Privilege = {
  ORG_READ: 'org:read',
  ORG_UPDATE: 'org:update',
  ORG_DELETE: 'org:delete',
  ORG_TRANSFER: 'org:transfer',
  USER_READ: 'user:read',
  USER_INVITE: 'user:invite',
  USER_UPDATE: 'user:update',
  USER_DELETE: 'user:delete',
  GROUP_READ: 'group:read',
  GROUP_MANAGE: 'group:manage',
  ROLE_READ: 'role:read',
  ROLE_MANAGE: 'role:manage',
  ACTIVITY_READ: 'activity:read',
  INSTANCE_READ: 'instance:read',
  INSTANCE_CREATE: 'instance:create',
  INSTANCE_UPDATE: 'instance:update',
  INSTANCE_DELETE: 'instance:delete',
  INSTANCE_CONTROL: 'instance:control',
  INSTANCE_TOKEN_RESET: 'instance:token:reset',
  INSTANCE_ACCESS_MANAGE: 'instance:access:manage',
  IP_WHITELIST_MANAGE: 'instance:ipwhitelist:manage',
  MONITOR_READ: 'monitor:read',
  DB_READ: 'db:read',
  DB_WRITE: 'db:write',
  DB_CREATE: 'db:create',
  DB_DROP: 'db:drop',
  DB_PRIVILEGE_MANAGE: 'db:privilege:manage',
  STABLE_READ: 'stable:read',
  STABLE_WRITE: 'stable:write',
  VIEW_READ: 'view:read',
  VIEW_MANAGE: 'view:manage',
  REPLICATION_READ: 'replication:read',
  REPLICATION_MANAGE: 'replication:manage',
  BILLING_CREDIT_QUERY: 'billing:credit:query',
  BILLING_PAYMENT_CREATE: 'billing:payment:create',
  BILLING_PAYMENT_UPDATE: 'billing:payment:update',
  BILLING_INSTANCE_UPGRADE: 'billing:instance:upgrade',
  TICKET_READ: 'ticket:read',
  TICKET_MANAGE: 'ticket:manage',
  ALERT_READ: 'alert:read',
} as const;

export type PrivilegeName = (typeof Privilege)[keyof typeof Privilege];
export const ALL_PRIVILEGES: readonly PrivilegeName[] = Object.values(Privilege);

/** A requirement: every one of `allOf` and at least one of `anyOf` (when given). */
export interface PrivilegeRequirement {
  allOf?: readonly PrivilegeName[];
  anyOf?: readonly PrivilegeName[];
}

export function satisfies(held: ReadonlySet<string> | readonly string[], requirement: PrivilegeRequirement): boolean {
  const set = held instanceof Set ? held : new Set(held as readonly string[]);
  const all = requirement.allOf ?? [];
  const any = requirement.anyOf ?? [];
  return all.every((p) => set.has(p)) && (any.length === 0 || any.some((p) => set.has(p)));
}

/**
 * Whether someone holding `held` at a grant's target (organization, instance, database, super table or view) may
 * give a role with these privileges there: nobody hands out more than they hold at that level (the owner holds
 * everything). The server checks it on every grant; the web offers only such roles.
 */
export function mayGiveRole(held: ReadonlySet<string> | readonly string[], rolePrivileges: readonly string[]): boolean {
  const set = held instanceof Set ? held : new Set(held as readonly string[]);
  return rolePrivileges.every((p) => set.has(p));
}

/** The built-in roles every organization starts with. Owners hold every privilege. */
export const BuiltinRole = {
  ADMIN: 'Admin',
  DEVELOPER: 'Developer',
  VIEWER: 'Viewer',
} as const;

export const BUILTIN_ROLE_PRIVILEGES: Record<string, readonly PrivilegeName[]> = {
  [BuiltinRole.ADMIN]: ALL_PRIVILEGES.filter((p) => p !== Privilege.ORG_DELETE && p !== Privilege.ORG_TRANSFER),
  [BuiltinRole.DEVELOPER]: [
    Privilege.ORG_READ,
    Privilege.INSTANCE_READ,
    Privilege.MONITOR_READ,
    Privilege.DB_READ,
    Privilege.DB_WRITE,
    Privilege.DB_CREATE,
    Privilege.STABLE_READ,
    Privilege.STABLE_WRITE,
    Privilege.VIEW_READ,
    Privilege.VIEW_MANAGE,
    Privilege.REPLICATION_READ,
    Privilege.TICKET_READ,
    Privilege.TICKET_MANAGE,
    Privilege.ALERT_READ,
  ],
  [BuiltinRole.VIEWER]: [
    Privilege.ORG_READ,
    Privilege.INSTANCE_READ,
    Privilege.MONITOR_READ,
    Privilege.DB_READ,
    Privilege.STABLE_READ,
    Privilege.VIEW_READ,
    Privilege.ALERT_READ,
  ],
};
