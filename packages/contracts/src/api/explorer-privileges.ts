import { z } from 'zod';
import type { InstanceAccessStatus } from './instance-users';

/**
 * Privileges on one database or super table (data-explorer.md §6, §7 "Database privileges", "Super tables";
 * docs/explorer-server.md). They are the organization's platform grants at DATABASE level (resId = db) or STABLE
 * level (resId = `db.stable`); the engine users mirror them (docs/instance-users.md), so the engine itself limits
 * the member's SQL. Managing them needs `db:privilege:manage` on the instance.
 *
 * - GET  /api/region/{r}/db/privilege/users/{instanceId}/{db}            → ResourcePrivilegeUser[]
 * - GET  /api/region/{r}/db/privilege/groups/{instanceId}/{db}           → ResourcePrivilegeGroup[]
 * - GET  /api/region/{r}/db/privilege/codes/{instanceId}/{db}            → PrivilegeCodes
 * - PUT  /api/region/{r}/db/privilege/{active|disable|delete}/{instanceId}/{db}/user/{userId}
 * - PUT  /api/region/{r}/db/privilege/{active|disable|delete}/{instanceId}/{db}/group/{groupId}[?group_name=]
 * - PUT  /api/region/{r}/db/privilege/update   body DbPrivilegeUpdate     → { grantId }
 * - GET  /api/stable/users/{appId}/{db}.{stable}   GET /api/stable/groups/{appId}/{db}.{stable}
 * - GET  /api/stable/codes/{appId}/{db}.{stable}                         → PrivilegeCodes
 * - PUT  /api/stable/{active|disable|delete}-user/{appId}/{db}/{stable}/{userId}
 * - PUT  /api/stable/{active|disable|delete}-group/{appId}/{db}/{stable}/{groupId}[?group_name=]
 * - PUT  /api/stable/update   body StablePrivilegeUpdate                  → { grantId }
 * Actions answer `{ id, action }`.
 */

export type ResourcePrivilegeAction = 'active' | 'disable' | 'delete';
export const RESOURCE_PRIVILEGE_ACTIONS: readonly ResourcePrivilegeAction[] = ['active', 'disable', 'delete'];

/** The privilege codes that mean something on a database / a super table (what the engine mirrors). */
export const DATABASE_PRIVILEGE_CODES: readonly string[] = ['db:read', 'db:write', 'db:drop'];
export const STABLE_PRIVILEGE_CODES: readonly string[] = ['stable:read', 'stable:write'];

/** One grant on the resource as it stands for the subject. */
export interface ResourceGrant {
  id: string;
  role_id: string;
  role: string;
  /** The role's privileges that apply to this resource (codes). */
  codes: string[];
  status: InstanceAccessStatus;
  expiration: number | null;
  /** The group the grant reaches the user through (null: given to the user or group itself). */
  group: string | null;
}

interface ResourcePrivilegeSubject {
  /** ACTIVE if a grant gives access now, else DISABLED, else EXPIRED. */
  status: InstanceAccessStatus;
  /** Codes held on the resource now. */
  codes: string[];
  /** Latest expiration (null: one never expires). */
  expiration: number | null;
  grants: ResourceGrant[];
}

export interface ResourcePrivilegeUser extends ResourcePrivilegeSubject {
  /** The user id (the path's {user}). */
  id: string;
  email: string;
  name: string;
  /** The engine user the member's SQL runs as. */
  engine_user: string;
  /** true: every grant here comes through groups — manage it via the group (§6). */
  via_group: boolean;
  groups: string[];
}

export interface ResourcePrivilegeGroup extends ResourcePrivilegeSubject {
  id: string;
  name: string;
  group_status: 'ACTIVE' | 'DISABLED';
  members: number;
}

export interface PrivilegeCodeRole {
  id: string;
  name: string;
  builtin: boolean;
  /** The role's codes that apply here (roles with none are not offered). */
  codes: string[];
  /** Whether the caller may give this role here (they hold all of its privileges on the resource). */
  grantable: boolean;
}

export interface PrivilegeCodes {
  codes: string[];
  /** Roles that can be given on the resource. */
  roles: PrivilegeCodeRole[];
}

const requiredText = z.string({ message: 'validation.required' }).trim().min(1, { message: 'validation.required' });

const subjectFields = {
  user_id: z.string().min(1).optional(),
  group_id: z.string().min(1).optional(),
  role_id: requiredText,
  /** Epoch ms, null = never; must be later than now + ROLE_EXPIRATION_MIN_LEAD_MS (server checks). */
  expiration: z.number().int().nullable().optional().default(null),
};
const oneSubject = (v: { user_id?: string; group_id?: string }) => (v.user_id ? 1 : 0) + (v.group_id ? 1 : 0) === 1;

/**
 * PUT …/db/privilege/update: the subject's own grants on the database are replaced by one grant of `role_id`
 * (given anew when it had none). Exactly one of user_id / group_id.
 */
export const dbPrivilegeUpdateSchema = z
  .object({ instanceId: requiredText, db: requiredText, ...subjectFields })
  .refine(oneSubject, { message: 'error.groupOrRoleRequired', path: ['user_id'] });
export type DbPrivilegeUpdate = z.infer<typeof dbPrivilegeUpdateSchema>;

/** PUT /api/stable/update: the same for a super table. */
export const stablePrivilegeUpdateSchema = z
  .object({ appId: requiredText, db: requiredText, stable: requiredText, ...subjectFields })
  .refine(oneSubject, { message: 'error.groupOrRoleRequired', path: ['user_id'] });
export type StablePrivilegeUpdate = z.infer<typeof stablePrivilegeUpdateSchema>;
