import { z } from 'zod';
import { ResType, type ResTypeValue } from '../constants';
import { ALL_PRIVILEGES, type PrivilegeName } from '../privileges';
import { isValidResourceName } from '../validation/patterns';
import { VISIBLE_NAME } from '../validation/schemas';

/**
 * Groups, roles and role grants (platform-shell.md §3 Group/Role/Role grant, §5 access-control rules, §6, §7
 * Users and roles). Design of the group calls (the spec shows none) is in docs/access-control.md.
 */
const nameSchema = z
  .string()
  .trim()
  .refine(...VISIBLE_NAME)
  .min(1, { message: 'validation.required' })
  .max(64)
  .refine(isValidResourceName, { message: 'validation.instanceName' });

export type ActiveStatus = 'ACTIVE' | 'DISABLED';

// ---- groups -------------------------------------------------------------------------------------------
export interface GroupMemberRef {
  userId: string;
  email: string;
}
export interface Group {
  id: string;
  name: string;
  description: string;
  status: ActiveStatus;
  members: GroupMemberRef[];
  createdAt: number;
}
export const groupCreateSchema = z.object({
  name: nameSchema,
  description: z.string().trim().max(255).optional().default(''),
  userIds: z.array(z.string().min(1)).optional().default([]),
});
export type GroupCreateRequest = z.input<typeof groupCreateSchema>;
export const groupUpdateSchema = z.object({
  name: nameSchema.optional(),
  description: z.string().trim().max(255).optional(),
  status: z.enum(['ACTIVE', 'DISABLED']).optional(),
});
export type GroupUpdateRequest = z.infer<typeof groupUpdateSchema>;
/** POST /api/group/{id}/members and POST /api/group/{id}/members/remove. */
export const groupMembersSchema = z.object({ userIds: z.array(z.string().min(1)).min(1, { message: 'validation.required' }) });
export type GroupMembersRequest = z.infer<typeof groupMembersSchema>;

// ---- roles --------------------------------------------------------------------------------------------
export interface Role {
  id: string;
  name: string;
  description: string;
  privileges: PrivilegeName[];
  /** Built-in roles (Admin, Developer, Viewer) cannot be changed or deleted. */
  builtin: boolean;
  createdAt: number;
}
const privilegeSchema = z.string().refine((p) => (ALL_PRIVILEGES as readonly string[]).includes(p), { message: 'validation.formFormat' });
export const roleCreateSchema = z.object({
  name: nameSchema,
  description: z.string().trim().max(255).optional().default(''),
  privileges: z.array(privilegeSchema).min(1, { message: 'validation.required' }),
});
export type RoleCreateRequest = z.input<typeof roleCreateSchema>;
export const roleUpdateSchema = roleCreateSchema.partial();
export type RoleUpdateRequest = z.input<typeof roleUpdateSchema>;

// ---- grants -------------------------------------------------------------------------------------------
export type GrantStatusValue = 'ACTIVE' | 'DISABLED' | 'EXPIRED';

/** A resource a non-ORG grant applies to. INSTANCE: resId = instance id; DATABASE: resId = database name;
 *  STABLE/VIEW: resId = `db.name`, resName = name. instanceId is required below ORG level. */
export const grantResourceSchema = z.object({
  resId: z.string().min(1),
  resName: z.string().optional(),
  instanceId: z.string().min(1).optional(),
  databaseId: z.string().min(1).optional(),
});
export type GrantResource = z.infer<typeof grantResourceSchema>;

/**
 * PUT /api/user/roles (and /api/user/{appId}/roles, where instanceId defaults to appId): grant a role to a user
 * (userId) or a group (groupId) at a level; for a user, groupIds also adds them to groups. Rules (§5): group and
 * role cannot both be empty; a role must be chosen for a group; resources must be chosen below ORG level;
 * expiration (epoch ms, null = never) must be later than now + ROLE_EXPIRATION_MIN_LEAD_MS.
 */
export const grantRolesSchema = z
  .object({
    userId: z.string().min(1).optional(),
    groupId: z.string().min(1).optional(),
    groupIds: z.array(z.string().min(1)).optional().default([]),
    roleId: z.string().min(1).optional(),
    resType: z.enum(ResType).optional().default('ORG'),
    resources: z.array(grantResourceSchema).optional().default([]),
    expiration: z.number().int().nullable().optional().default(null),
  })
  .refine((v) => Boolean(v.userId) !== Boolean(v.groupId), { message: 'validation.required', path: ['userId'] });
export type GrantRolesRequest = z.input<typeof grantRolesSchema>;
export interface GrantRolesResult {
  grantIds: string[];
  addedToGroups: string[];
}

/** POST /api/role/delete|active|disable/userrole (and /api/role/{appId}/…). userId: the member the grant is
 *  managed for; a grant that reaches the user through a group is refused ('error.managedByGroup'). */
export const grantActionSchema = z.object({
  grantIds: z.array(z.string().min(1)).min(1, { message: 'validation.required' }),
  userId: z.string().min(1).optional(),
});
export type GrantActionRequest = z.infer<typeof grantActionSchema>;

/** One row of GET /api/role/grant-list (query userId | groupId, resType, appId). */
export interface RoleGrant {
  id: string;
  /** The role's name. */
  name: string;
  role_id: string;
  expiration: number | null;
  resId: string | null;
  resName: string | null;
  resType: ResTypeValue;
  instance_id: string | null;
  database_id: string | null;
  status: GrantStatusValue;
  userId: string | null;
  groupId: string | null;
  groupName: string | null;
  /** The e-mail of the member the grant was given to (null for a group's grant). */
  memberEmail: string | null;
  /** The alias of the grant's instance (below ORG level), so screens name it rather than show its id. */
  instanceAlias: string | null;
  via: 'USER' | 'GROUP';
}

/** GET /api/role/no-granted-list/{type}/{id}: roles the user (type 'user') or group ('group') does not hold. */
export interface RoleRef {
  id: string;
  name: string;
}

/** GET /api/user/{id}/resources[/{appId}[/{type}[/{name}]]]: resources granted to a user (direct or group). */
export interface UserResource {
  resType: ResTypeValue;
  resName: string | null;
  resId: string | null;
  instanceId: string | null;
  databaseId: string | null;
  roleName: string;
  privileges: PrivilegeName[];
  expiration: number | null;
}

// ---- menus --------------------------------------------------------------------------------------------
/** The menu map of GET /api/org/menus and GET /api/app/menus/{appId}: navigation label → active. */
export type MenuMap = Record<string, boolean>;
export const ORG_MENU_NAMES = ['Instances', 'Logs', 'Billing', 'Metering', 'Organization', 'Activity', 'Ticket', 'Messages', 'Setting', 'DB Mart'] as const;
export const APP_MENU_NAMES = [
  'Dashboard',
  'Data',
  'Data In',
  'Data Out',
  'Connector',
  'Console',
  'Explorer',
  'Slow Queries',
  'Programming',
  'Visualization',
  'Streams',
  'Topics',
  'Tools',
  'Replication',
  'Management',
  'TSDB Users',
  'Logs',
] as const;
export type OrgMenuName = (typeof ORG_MENU_NAMES)[number];
export type AppMenuName = (typeof APP_MENU_NAMES)[number];
