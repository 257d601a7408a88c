import type { MessageKey } from '../messages';
import type { ResTypeValue } from '../constants';

/**
 * Instance users and groups (platform-shell.md §4, §7; data-explorer.md §6, §7; docs/instance-users.md).
 * GET /api/region/{r}/app/{appId}/users and PUT /api/region/{r}/app/disable|active|delete/{appId}/user/{id}
 * and …/group/{id}?group_name=… .
 */

export type InstanceAccessStatus = 'ACTIVE' | 'DISABLED' | 'EXPIRED';
export type InstanceUserAction = 'active' | 'disable' | 'delete';
export const INSTANCE_USER_ACTIONS: readonly InstanceUserAction[] = ['active', 'disable', 'delete'];

/**
 * Where access comes from: OWNER (the organization owner), ORG (an organization-level grant, managed in the
 * organization's access control), GROUP (only through groups), INSTANCE (grants on this instance given to the
 * user or group itself, which the actions change).
 */
export type InstanceAccessSource = 'OWNER' | 'ORG' | 'GROUP' | 'INSTANCE';

export interface InstanceGrantView {
  id: string;
  role: string;
  resType: ResTypeValue;
  resName: string | null;
  status: InstanceAccessStatus;
  expiration: number | null;
  /** Name of the group the grant reaches the user through (null: given to the user or group itself). */
  group: string | null;
}

interface InstanceSubjectBase {
  /** ACTIVE when some grant gives access now, else DISABLED, else EXPIRED. */
  status: InstanceAccessStatus;
  source: InstanceAccessSource;
  /** The status of the grants on this instance given to this user/group itself (null: it has none). */
  direct_status: InstanceAccessStatus | null;
  /** Privileges held on this instance now. */
  privileges: string[];
  /** The latest expiration among the grants (null: one never expires or there is none). */
  expiration: number | null;
  grants: InstanceGrantView[];
}

export interface InstanceUser extends InstanceSubjectBase {
  /** The user's id (the path's {id}). */
  id: string;
  member_id: string;
  email: string;
  name: string;
  /** The engine user the member's SQL runs as on this instance. */
  engine_user: string;
  via_group: boolean;
  groups: string[];
}

export interface InstanceGroup extends InstanceSubjectBase {
  /** The group's id (the path's {name}). */
  id: string;
  name: string;
  /** The group's own status in the organization. */
  group_status: 'ACTIVE' | 'DISABLED';
  members: number;
}

export interface InstanceUsersResponse {
  users: InstanceUser[];
  groups: InstanceGroup[];
  /** Whether the engine's users were brought in line just now (false while the instance is not Running). */
  engine_synced: boolean;
}

/**
 * Why an action on an instance user or group is refused, or null when it is allowed (the server enforces
 * this; the screens offer only allowed actions). Only grants on this instance given to the subject itself are
 * acted on: the owner is never touched, organization-level access is managed in organization access control,
 * a user who has access only through a group is managed via the group (§5), and an expired grant can only be
 * deleted (§4).
 */
export function instanceActionRefusal(subject: Pick<InstanceSubjectBase, 'source' | 'direct_status'>, action: InstanceUserAction): MessageKey | null {
  if (subject.source === 'OWNER') return 'error.lastOwner';
  if (subject.direct_status === null) return subject.source === 'GROUP' ? 'error.managedByGroup' : 'error.instanceLevelOnly';
  if (action !== 'delete' && subject.direct_status === 'EXPIRED') return 'error.expiredGrant';
  return null;
}

/** The actions a screen offers: allowed ones that change something (no "activate" of an active subject). */
export function offeredInstanceActions(subject: Pick<InstanceSubjectBase, 'source' | 'direct_status'>): InstanceUserAction[] {
  return INSTANCE_USER_ACTIONS.filter((action) => {
    if (instanceActionRefusal(subject, action) !== null) return false;
    if (action === 'active') return subject.direct_status === 'DISABLED';
    if (action === 'disable') return subject.direct_status === 'ACTIVE';
    return true;
  });
}
