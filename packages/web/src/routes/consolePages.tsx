import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazyPage';
import { comingSoon } from './pages';

/**
 * Page id (routes/table.ts `page`) → lazy component, for the pages inside the console layout. A chunk of its own,
 * loaded with the console shell (router.tsx), not with the sign-in page.
 */
export const CONSOLE_PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  landing: lazyPage(() => import('../pages/landing/LandingPage')),
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
  // Data In (issue 15).
  dataIn: lazyPage(() => import('../pages/dataIn/DataInPage')),
  dataInCreate: lazyPage(() => import('../pages/dataIn/TaskCreatePage')),
  dataInTask: lazyPage(() => import('../pages/dataIn/TaskDetailPage')),
  dataInTaskEdit: lazyPage(() => import('../pages/dataIn/TaskEditPage')),
  dataInAgents: lazyPage(() => import('../pages/dataIn/agents/AgentsPage')),
  dataInCsvFiles: lazyPage(() => import('../pages/dataIn/files/CsvFilesPage')),
  dataInDocs: lazyPage(() => import('../pages/dataIn/docs/ConnectorDocsPage')),
  dataInPoints: lazyPage(() => import('../pages/dataIn/points/PointFilePage')),
  // Billing and the marketplace's Metering (issue 17).
  billingOverview: lazyPage(() => import('../pages/billing/BillingOverviewPage')),
  billingUsage: lazyPage(() => import('../pages/billing/UsagePage')),
  billingAccountDetail: lazyPage(() => import('../pages/billing/AccountDetailPage')),
  billingSetting: lazyPage(() => import('../pages/billing/BillingSettingPage')),
  // Support issues (issue 18).
  support: lazyPage(() => import('../pages/support/SupportPage')),
  supportDetail: lazyPage(() => import('../pages/support/IssueDetailPage')),
};

/** A console page by id; an id without a screen yet shows the coming-soon page. */
export function ConsolePage({ id }: { id: string }) {
  const Component = CONSOLE_PAGES[id] ?? comingSoon;
  return <Component />;
}
