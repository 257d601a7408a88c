import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazyPage';

/**
 * Page id (routes/table.ts `page`) → lazy component. Pages of later issues use the coming-soon page until their
 * screens exist.
 */
const comingSoon = lazyPage(() => import('../pages/placeholder/ComingSoonPage'));

export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  signup: lazyPage(() => import('../pages/auth/SignupPage')),
  login: lazyPage(() => import('../pages/auth/LoginPage'), 'signIn'),
  forgot: lazyPage(() => import('../pages/auth/ForgotPage')),
  guide: lazyPage(() => import('../pages/auth/GuidePage')),
  check: lazyPage(() => import('../pages/auth/CheckPage')),
  reset: lazyPage(() => import('../pages/auth/ResetPage')),
  activate: lazyPage(() => import('../pages/auth/ActivatePage')),
  registered: lazyPage(() => import('../pages/auth/RegisteredPage')),
  verify: lazyPage(() => import('../pages/auth/VerifyPage')),
  maintenance: lazyPage(() => import('../pages/auth/MaintenancePage')),
  thirdparty: lazyPage(() => import('../pages/auth/ThirdPartyPage')),
  authorize: lazyPage(() => import('../pages/sso/AuthorizePage')),
  aws: lazyPage(() => import('../pages/marketplace/AwsMarketplacePage')),
  azure: lazyPage(() => import('../pages/marketplace/AzureMarketplacePage')),
  terms: lazyPage(() => import('../pages/terms/TermsPage')),
  register: lazyPage(() => import('../pages/register/RegisterPage')),
  verified: lazyPage(() => import('../pages/verified/VerifiedPage')),
  landing: lazyPage(() => import('../pages/landing/LandingPage')),
  later: comingSoon,
  // Organization screens, access control, settings, activity and alerts (issue 2).
  orgUsers: lazyPage(() => import('../pages/access/UsersPage')),
  orgGroups: lazyPage(() => import('../pages/access/GroupsPage')),
  orgRoles: lazyPage(() => import('../pages/access/RolesPage')),
  activity: lazyPage(() => import('../pages/activity/ActivityPage')),
  orgLogs: lazyPage(() => import('../pages/activity/OrgLogsPage')),
  alerts: lazyPage(() => import('../pages/alerts/AlertsPage')),
  settings: lazyPage(() => import('../pages/settings/SettingsPage')),
  orgSso: lazyPage(() => import('../pages/sso/SsoSettingsPage')),
  // Instances, dashboard, programming, IP allow-list (issue 4).
  instances: lazyPage(() => import('../pages/instances/InstancesPage')),
  instanceCreate: lazyPage(() => import('../pages/instances/CreateInstancePage')),
  createFirstInstance: lazyPage(() => import('../pages/instances/CreateFirstInstancePage')),
  instanceStatus: lazyPage(() => import('../pages/instances/InstanceStatusPage')),
  dashboard: lazyPage(() => import('../pages/dashboard/DashboardPage')),
  programming: lazyPage(() => import('../pages/programming/ProgrammingPage')),
  ipWhiteList: lazyPage(() => import('../pages/ipWhiteList/IpWhiteListPage')),
  instanceUsers: lazyPage(() => import('../pages/instanceAccess/InstanceUsersPage')),
  instanceUserGroups: lazyPage(() => import('../pages/instanceAccess/InstanceGroupsPage')),
  instanceLogs: lazyPage(() => import('../pages/instanceAccess/InstanceLogsPage')),
  // Data explorer (issue 5).
  explorer: lazyPage(() => import('../pages/explorer/ExplorerPage')),
  // Streams (issue 6).
  streams: lazyPage(() => import('../pages/streams/StreamsPage')),
  // Topics (issue 6).
  topics: lazyPage(() => import('../pages/topics/TopicsPage')),
  topicConsumers: lazyPage(() => import('../pages/topics/TopicConsumersPage')),
  topicShare: lazyPage(() => import('../pages/topics/TopicSharePage')),
  topicExample: lazyPage(() => import('../pages/topics/TopicExamplePage')),
};
