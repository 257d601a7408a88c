import { z } from 'zod';
import { orgNameSchema, type inviteSchema } from '../validation/schemas';
import type { PrivilegeName } from '../privileges';

/**
 * Organizations and members (platform-shell.md §3 Organization, §7 Organizations, Users and roles).
 * Ids are opaque strings; times are epoch milliseconds.
 */
export type OrgStatusValue = 'ACTIVE' | 'DELETING';

/** One row of GET /api/org (paged: current_page, page_size up to ORG_LIST_PAGE_SIZE). */
export interface OrgSummary {
  orgId: string;
  name: string;
  orgStatus: OrgStatusValue;
  /** Used by the client only if strictly between 0 and 1, else 1. */
  orgDiscount: number;
  /** The caller's effective organization-level privileges (owner: all). */
  privileges: PrivilegeName[];
  /** null outside a marketplace deployment. */
  marketplaceType: string | null;
  isOwner: boolean;
  /** 'azure-ad' while the organization's single sign-on is on, else null (docs/sso.md). */
  identityProvider?: 'azure-ad' | null;
  /**
   * The organization's instances are stopped for unpaid arrears: it is read-only until paid, but for billing and
   * support (docs/billing.md "Arrears").
   */
  stoppedForArrears?: boolean;
  /** The ?azure_sso= connection name while single sign-on is on, else null. */
  connectionName?: string | null;
}

/** POST /api/org and PUT /api/org/{id}. */
export const orgNameRequestSchema = z.object({ name: orgNameSchema });
export type OrgNameRequest = z.infer<typeof orgNameRequestSchema>;

/** POST /api/org/transfer-owner/{id}: the new owner, an ACTIVE member. */
export const transferOwnerSchema = z.object({ userId: z.string().min(1, { message: 'validation.required' }) });
export type TransferOwnerRequest = z.infer<typeof transferOwnerSchema>;

/** GET /api/privilege: the caller's privileges in the current organization (Account-Id). */
export interface PrivilegeInfo {
  orgId: string;
  isOwner: boolean;
  privileges: PrivilegeName[];
}

export type MemberStatusValue = 'INVITED' | 'ACTIVE' | 'DISABLED';

export interface MemberGroupRef {
  id: string;
  name: string;
}

export interface MemberRoleRef {
  grantId: string;
  roleId: string;
  name: string;
  resType: string;
  expiration: number | null;
  /** ACTIVE, DISABLED or EXPIRED (expired = status EXPIRED or expiration past). */
  status: string;
  /** USER: granted to the member directly; GROUP: through the named group (manage it via the group). */
  via: 'USER' | 'GROUP';
  groupId: string | null;
}

/** One row of GET /api/org/users. userId is null for an invitation to an e-mail without an account yet. */
export interface OrgMember {
  memberId: string;
  userId: string | null;
  email: string;
  firstName: string;
  lastName: string;
  status: MemberStatusValue;
  isOwner: boolean;
  groups: MemberGroupRef[];
  roles: MemberRoleRef[];
  invitedAt: number;
  joinedAt: number | null;
}

/** POST /api/user/invite: inviteSchema (validation/schemas). */
export type InviteRequest = z.input<typeof inviteSchema>;
export interface InviteResult {
  memberId: string;
  email: string;
  /** Whether the e-mail already had an account (it then accepts; otherwise it signs up first). */
  existingUser: boolean;
}

/** POST /uc/api/user/accept: the token from the invitation link (PUBLIC_URL/auth/thirdparty?accept=<token>). */
export const acceptInvitationSchema = z.object({ token: z.string().min(1, { message: 'validation.required' }) });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationSchema>;
export interface AcceptInvitationResult {
  orgId: string;
  name: string;
  /** The link's account had already joined (through the sign-up link's activation or this link used before). */
  alreadyMember: boolean;
}

/** POST /api/org/disable|active|delete/orguser: a member by user id, or (invitations) by member id. */
export const memberTargetSchema = z
  .object({ userId: z.string().min(1).optional(), memberId: z.string().min(1).optional() })
  .refine((v) => Boolean(v.userId || v.memberId), { message: 'validation.required', path: ['userId'] });
export type MemberTargetRequest = z.infer<typeof memberTargetSchema>;
