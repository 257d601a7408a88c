/**
 * What other areas use of access control: the organization guard and the request's organization context, the
 * "may user U do P on resource R" check, and the extension points the instances and billing areas fill in.
 */
export { orgGuardPlugin, orgOf, ACCOUNT_ID_HEADER, type OrgContext } from './org-guard-plugin';
export { accessPlugin } from './plugin';
export { mayAccess, grantCovers, privilegesOn, privilegesWithin, requireOn, requireGrantRight, type ResourceRef, type GrantHolder } from './resource-access';
export { liveGrantsOf, isExpired, orgPrivileges, instancePrivileges, reachingPrivileges, type LiveGrant } from './effective-grants';
export {
  accessExtensionsPlugin,
  provideInstanceDirectory,
  provideBillingStanding,
  type InstanceDirectory,
  type BillingStanding,
} from './extensions';
