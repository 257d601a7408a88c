import { Privilege, type AppMenuName, type OrgMenuName, type PrivilegeRequirement } from '@tscloud/contracts';
import type { WebKey } from '../i18n/keys';

/**
 * Every route of platform-shell.md §2 with its metadata. The router, the guard (visible tree, rule 5) and the side
 * menu are all built from this one table.
 *
 * layout: 'auth' pages sit in the auth frame, 'bare' pages stand alone, 'app' pages sit in the console layout.
 * scope:  'public' needs no sign-in; 'top' top-level; 'org' organization screens; 'instance' screens of the current
 *         instance (added only when one is selected); 'common' layout children.
 * name:   the route's own identifier; `menu` is its key in the server menu map (GET /org/menus, /app/menus/{appId}).
 * page:   which page component renders it (see pages.tsx); 'later' routes show the coming-soon page, with the issue.
 */
export type Scope = 'public' | 'top' | 'org' | 'instance' | 'common';
export type Layout = 'auth' | 'bare' | 'app';
export type IconName =
  | 'dashboard' | 'dataIn' | 'explorer' | 'programming' | 'stream' | 'topic' | 'tools' | 'instanceAccess'
  | 'instances' | 'billing' | 'orgAccess' | 'support' | 'activity' | 'alert';

export interface RouteEntry {
  path: string;
  name: string;
  labelKey: WebKey;
  layout: Layout;
  scope: Scope;
  page: string;
  sideMenu?: boolean;
  /** Its name in the server menu map (a navigation label); unnamed routes follow their parent. */
  menu?: OrgMenuName | AppMenuName;
  /** The side-menu entry this one is listed under. */
  parent?: string;
  /** Label of this page when it is listed first among its own sub-entries. */
  defaultLabelKey?: WebKey;
  icon?: IconName;
  privileges?: PrivilegeRequirement;
  /**
   * A screen that works per database and shows only what each grant covers (the explorer): a grant anywhere in
   * the instance opens it. Other instance screens need their privileges instance-wide, as the server's routes do.
   */
  resource?: boolean;
  /** Only on a marketplace (metering) or only off it (billing). */
  edition?: 'billing' | 'metering';
  /** Shown while the instance is Suspended (dashboard). */
  allowsSuspended?: boolean;
  /** Placeholder until the named issue builds it. */
  laterIssue?: string;
}

const P = Privilege;

const auth = (path: string, page: string, labelKey: WebKey, laterIssue?: string): RouteEntry => ({
  path: `/auth/${path}`, name: `auth.${page}`, labelKey, layout: 'auth', scope: 'public', page, laterIssue,
});

export const ROUTES: readonly RouteEntry[] = [
  // Auth area (under /auth); signup is the default.
  auth('signup', 'signup', 'auth.signup.title'),
  auth('login', 'login', 'auth.login.title'),
  auth('forgot', 'forgot', 'auth.forgot.title'),
  auth('guide/:email', 'guide', 'auth.guide.title'),
  auth('check', 'check', 'auth.check.title'),
  auth('reset', 'reset', 'auth.reset.title'),
  auth('activate', 'activate', 'auth.activate.title'),
  auth('registered/:email?/:activated?', 'registered', 'auth.registered.title'),
  auth('authorize', 'authorize', 'auth.authorize.title'),
  auth('verify', 'verify', 'auth.verify.title'),
  auth('maintenance', 'maintenance', 'auth.maintenance.title'),
  auth('aws', 'aws', 'auth.marketplace.aws', 'marketplace sign-up'),
  auth('azure', 'azure', 'auth.marketplace.azure', 'marketplace sign-up'),
  auth('thirdparty', 'thirdparty', 'auth.thirdparty.title'),

  // Other top-level routes.
  { path: '/signup', name: 'signup', labelKey: 'auth.signup.title', layout: 'bare', scope: 'top', page: 'signupAlias' },
  { path: '/tdcsvc', name: 'tdcsvc', labelKey: 'terms.title', layout: 'bare', scope: 'public', page: 'terms' },
  { path: '/register', name: 'register', labelKey: 'register.title', layout: 'bare', scope: 'top', page: 'register' },
  { path: '/verified', name: 'verified', labelKey: 'verified.title', layout: 'bare', scope: 'top', page: 'verified' },
  { path: '/selectResource', name: 'selectResource', labelKey: 'menu.selectResource', layout: 'bare', scope: 'top', page: 'later', laterIssue: 'marketplace' },
  { path: '/instanceStatus', name: 'instanceStatus', labelKey: 'menu.instanceStatus', layout: 'bare', scope: 'top', page: 'instanceStatus' },
  { path: '/createFirstInstance', name: 'createFirstInstance', labelKey: 'menu.createFirstInstance', layout: 'bare', scope: 'top', page: 'createFirstInstance' },
  { path: '/support/issues', name: 'supportIssues', labelKey: 'menu.ticket', layout: 'bare', scope: 'top', page: 'supportIssues', privileges: { allOf: [P.TICKET_READ] } },
  // The support desk (docs/support.md "Desk"): staff only, whatever organization they belong to; the server decides.
  { path: '/desk', name: 'desk', labelKey: 'desk.title', layout: 'bare', scope: 'top', page: 'desk' },
  { path: '/desk/issues/:id', name: 'deskIssue', labelKey: 'desk.title', layout: 'bare', scope: 'top', page: 'deskIssue' },

  // Instance-level screens, in side-menu order.
  { path: '/dashboard', name: 'dashboard', menu: 'Dashboard', labelKey: 'menu.dashboard', layout: 'app', scope: 'instance', page: 'dashboard', sideMenu: true, icon: 'dashboard', allowsSuspended: true, privileges: { allOf: [P.MONITOR_READ] } },
  { path: '/dataIn', name: 'dataIn', menu: 'Data In', labelKey: 'menu.dataIn', layout: 'app', scope: 'instance', page: 'dataIn', sideMenu: true, icon: 'dataIn', privileges: { allOf: [P.DB_WRITE, P.REPLICATION_READ] }, resource: true },
  // Data In's create, edit and detail screens (docs/data-in.md "Screens").
  { path: '/dataIn/create/:connector', name: 'dataInCreate', labelKey: 'menu.dataIn', layout: 'app', scope: 'instance', page: 'dataInCreate', parent: 'dataIn', privileges: { allOf: [P.DB_WRITE, P.REPLICATION_READ] }, resource: true },
  { path: '/dataIn/tasks/:id', name: 'dataInTask', labelKey: 'menu.dataIn', layout: 'app', scope: 'instance', page: 'dataInTask', parent: 'dataIn', privileges: { allOf: [P.DB_WRITE, P.REPLICATION_READ] }, resource: true },
  { path: '/dataIn/tasks/:id/edit', name: 'dataInTaskEdit', labelKey: 'menu.dataIn', layout: 'app', scope: 'instance', page: 'dataInTaskEdit', parent: 'dataIn', privileges: { allOf: [P.DB_WRITE, P.REPLICATION_READ] }, resource: true },
  { path: '/dataIn/csvFiles', name: 'dataInCsvFiles', labelKey: 'menu.dataIn', layout: 'app', scope: 'instance', page: 'dataInCsvFiles', parent: 'dataIn', privileges: { allOf: [P.DB_WRITE, P.REPLICATION_READ] }, resource: true },
  { path: '/dataIn/docs/:category/:lang', name: 'dataInDocs', labelKey: 'menu.dataIn', layout: 'app', scope: 'instance', page: 'dataInDocs', parent: 'dataIn', privileges: { allOf: [P.DB_WRITE, P.REPLICATION_READ] }, resource: true },
  { path: '/dataIn/points/:via/:from', name: 'dataInPoints', labelKey: 'menu.dataIn', layout: 'app', scope: 'instance', page: 'dataInPoints', parent: 'dataIn', privileges: { allOf: [P.DB_WRITE, P.REPLICATION_READ] }, resource: true },
  { path: '/dataIn/dataCollectionAgents', name: 'dataCollectionAgents', labelKey: 'menu.dataIn', layout: 'app', scope: 'instance', page: 'dataInAgents', parent: 'dataIn', privileges: { allOf: [P.DB_WRITE, P.REPLICATION_READ] }, resource: true },
  { path: '/explorer', name: 'explorer', menu: 'Explorer', labelKey: 'menu.explorer', layout: 'app', scope: 'instance', page: 'explorer', sideMenu: true, icon: 'explorer', privileges: { allOf: [P.DB_READ] }, resource: true },
  { path: '/programming', name: 'programming', menu: 'Programming', labelKey: 'menu.programming', layout: 'app', scope: 'instance', page: 'programming', sideMenu: true, icon: 'programming', privileges: { allOf: [P.INSTANCE_READ] } },
  { path: '/stream', name: 'stream', menu: 'Streams', labelKey: 'menu.streams', layout: 'app', scope: 'instance', page: 'streams', sideMenu: true, icon: 'stream', privileges: { allOf: [P.DB_READ] }, resource: true },
  { path: '/topic', name: 'topic', menu: 'Topics', labelKey: 'menu.topics', layout: 'app', scope: 'instance', page: 'topics', sideMenu: true, icon: 'topic', defaultLabelKey: 'menu.topics', privileges: { allOf: [P.DB_READ] }, resource: true },
  { path: '/topic/consumer', name: 'topicConsumer', labelKey: 'menu.topicConsumer', layout: 'app', scope: 'instance', page: 'topicConsumers', parent: 'topic', privileges: { allOf: [P.DB_READ] }, resource: true },
  { path: '/topic/share', name: 'topicShare', labelKey: 'menu.topicShare', layout: 'app', scope: 'instance', page: 'topicShare', parent: 'topic', privileges: { allOf: [P.DB_READ] }, resource: true },
  { path: '/topic/example', name: 'topicExample', labelKey: 'menu.topicExample', layout: 'app', scope: 'instance', page: 'topicExample', parent: 'topic', privileges: { allOf: [P.DB_READ] }, resource: true },
  { path: '/tools', name: 'tools', menu: 'Tools', labelKey: 'menu.tools', layout: 'app', scope: 'instance', page: 'later', sideMenu: true, icon: 'tools', privileges: { allOf: [P.INSTANCE_READ] }, laterIssue: '5 (explorer)' },
  { path: '/instanceAccessControl', name: 'instanceAccessControl', menu: 'Management', labelKey: 'menu.management', layout: 'app', scope: 'instance', page: 'instanceUsers', sideMenu: true, icon: 'instanceAccess', defaultLabelKey: 'menu.tsdbUsers', privileges: { allOf: [P.INSTANCE_ACCESS_MANAGE] } },
  { path: '/instanceAccessControl/userGroups', name: 'instanceUserGroups', menu: 'TSDB Users', labelKey: 'menu.userGroups', layout: 'app', scope: 'instance', page: 'instanceUserGroups', sideMenu: true, parent: 'instanceAccessControl', privileges: { allOf: [P.INSTANCE_ACCESS_MANAGE] } },
  { path: '/instanceAccessControl/replication', name: 'replication', menu: 'Replication', labelKey: 'menu.replication', layout: 'app', scope: 'instance', page: 'later', sideMenu: true, parent: 'instanceAccessControl', privileges: { allOf: [P.INSTANCE_ACCESS_MANAGE, P.REPLICATION_READ] }, laterIssue: '5 (explorer)' },
  { path: '/instanceAccessControl/backup', name: 'backup', labelKey: 'menu.backup', layout: 'app', scope: 'instance', page: 'later', sideMenu: true, parent: 'instanceAccessControl', privileges: { allOf: [P.INSTANCE_ACCESS_MANAGE] }, laterIssue: '5 (explorer)' },
  { path: '/instanceAccessControl/ipWhiteList', name: 'ipWhiteList', labelKey: 'menu.ipWhiteList', layout: 'app', scope: 'instance', page: 'ipWhiteList', sideMenu: true, parent: 'instanceAccessControl', privileges: { allOf: [P.INSTANCE_ACCESS_MANAGE, P.IP_WHITELIST_MANAGE] } },
  { path: '/instanceAccessControl/logs', name: 'instanceLogs', menu: 'Logs', labelKey: 'menu.logs', layout: 'app', scope: 'instance', page: 'instanceLogs', sideMenu: true, parent: 'instanceAccessControl', privileges: { allOf: [P.INSTANCE_ACCESS_MANAGE, P.ACTIVITY_READ] } },

  // Organization-level screens.
  { path: '/instances', name: 'instances', menu: 'Instances', labelKey: 'menu.instances', layout: 'app', scope: 'org', page: 'instances', sideMenu: true, icon: 'instances', privileges: { allOf: [P.INSTANCE_READ] } },
  { path: '/instances/create/:type', name: 'instanceCreate', labelKey: 'menu.instanceCreate', layout: 'app', scope: 'org', page: 'instanceCreate', parent: 'instances', privileges: { allOf: [P.INSTANCE_CREATE] } },
  { path: '/instances/privateLink', name: 'privateLink', labelKey: 'menu.privateLink', layout: 'app', scope: 'org', page: 'later', parent: 'instances', privileges: { allOf: [P.INSTANCE_READ] }, laterIssue: '4 (instances)' },
  { path: '/instances/logs', name: 'orgLogs', menu: 'Logs', labelKey: 'menu.logs', layout: 'app', scope: 'org', page: 'orgLogs', parent: 'instances', privileges: { allOf: [P.ACTIVITY_READ] } },
  // Billing screens (docs/billing.md "Screens"); the marketplace's Metering shows the same overview and usage, in units.
  { path: '/billing', name: 'billing', menu: 'Billing', labelKey: 'menu.billing', layout: 'app', scope: 'org', page: 'billingOverview', sideMenu: true, icon: 'billing', defaultLabelKey: 'menu.overview', edition: 'billing', privileges: { allOf: [P.BILLING_CREDIT_QUERY] } },
  { path: '/billing/usage', name: 'billingUsage', labelKey: 'menu.usage', layout: 'app', scope: 'org', page: 'billingUsage', sideMenu: true, parent: 'billing', edition: 'billing', privileges: { allOf: [P.BILLING_CREDIT_QUERY] } },
  { path: '/billing/setting', name: 'billingSetting', labelKey: 'menu.setting', layout: 'app', scope: 'org', page: 'billingSetting', sideMenu: true, parent: 'billing', edition: 'billing', privileges: { allOf: [P.BILLING_CREDIT_QUERY] } },
  { path: '/billing/accountDetail', name: 'accountDetail', labelKey: 'menu.accountDetail', layout: 'app', scope: 'org', page: 'billingAccountDetail', sideMenu: true, parent: 'billing', edition: 'billing', privileges: { allOf: [P.BILLING_CREDIT_QUERY] } },
  { path: '/metering', name: 'metering', menu: 'Metering', labelKey: 'menu.metering', layout: 'app', scope: 'org', page: 'billingOverview', sideMenu: true, icon: 'billing', defaultLabelKey: 'menu.overview', edition: 'metering', privileges: { allOf: [P.BILLING_CREDIT_QUERY] } },
  { path: '/metering/usage', name: 'meteringUsage', labelKey: 'menu.usage', layout: 'app', scope: 'org', page: 'billingUsage', sideMenu: true, parent: 'metering', edition: 'metering', privileges: { allOf: [P.BILLING_CREDIT_QUERY] } },
  { path: '/organizationAccessControl', name: 'organizationAccessControl', menu: 'Organization', labelKey: 'menu.organization', layout: 'app', scope: 'org', page: 'orgUsers', sideMenu: true, icon: 'orgAccess', defaultLabelKey: 'menu.users', privileges: { allOf: [P.USER_READ] } },
  { path: '/organizationAccessControl/userGroups', name: 'orgUserGroups', labelKey: 'menu.userGroups', layout: 'app', scope: 'org', page: 'orgGroups', sideMenu: true, parent: 'organizationAccessControl', privileges: { allOf: [P.GROUP_READ] } },
  { path: '/organizationAccessControl/roles', name: 'orgRoles', labelKey: 'menu.roles', layout: 'app', scope: 'org', page: 'orgRoles', sideMenu: true, parent: 'organizationAccessControl', privileges: { allOf: [P.ROLE_READ] } },
  // Single sign-on (docs/sso.md): admins read it, the owner changes it.
  { path: '/organizationAccessControl/sso', name: 'orgSso', labelKey: 'sso.menu', layout: 'app', scope: 'org', page: 'orgSso', sideMenu: true, parent: 'organizationAccessControl', privileges: { allOf: [P.ORG_UPDATE] } },

  // Layout children at root (common entries).
  { path: '/support', name: 'support', menu: 'Ticket', labelKey: 'menu.ticket', layout: 'app', scope: 'common', page: 'support', sideMenu: true, icon: 'support', privileges: { allOf: [P.TICKET_READ] } },
  { path: '/support/:id', name: 'supportDetail', labelKey: 'menu.ticket', layout: 'app', scope: 'common', page: 'supportDetail', parent: 'support', privileges: { allOf: [P.TICKET_READ] } },
  { path: '/activity', name: 'activity', menu: 'Activity', labelKey: 'menu.activity', layout: 'app', scope: 'common', page: 'activity', sideMenu: true, icon: 'activity', privileges: { allOf: [P.ACTIVITY_READ] } },
  { path: '/alert', name: 'alert', menu: 'Messages', labelKey: 'menu.messages', layout: 'app', scope: 'common', page: 'alerts', sideMenu: true, icon: 'alert' },
  { path: '/setting', name: 'setting', menu: 'Setting', labelKey: 'menu.setting', layout: 'app', scope: 'common', page: 'settings' },
  { path: '/landing', name: 'landing', labelKey: 'menu.landing', layout: 'app', scope: 'common', page: 'landing' },
];

/** The routes a guard or menu may send a user to (everything but the auth area). */
export const CONSOLE_ROUTES = ROUTES.filter((r) => r.scope !== 'public');
