import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from './deps';
import { authGuardPlugin } from './platform/accounts';
import { accountsPlugin } from './platform/accounts/plugin';
import { accessExtensionsPlugin, accessPlugin, orgGuardPlugin } from './platform/access';
import { activityPlugin, activityRecorderPlugin } from './platform/activity';
import { sessionsPlugin } from './platform/sessions/plugin';
import { mfaPlugin } from './platform/mfa';
import { orgsPlugin } from './platform/orgs';
import { ssoPlugin } from './platform/sso';
import { menusPlugin } from './platform/menus';
import { alertsPlugin } from './platform/alerts';
import { bannerPlugin } from './platform/banner';
import { regionPlugin } from './region';
import { monitoringPlugin } from './region/monitoring';
import { billingPlugin } from './platform/billing';
import { billingRequestsPlugin } from './platform/billing/requests/plugin';
import { supportPlugin } from './platform/support';

/**
 * The areas of the server, each a Fastify plugin that registers its own routes, schemas and services.
 * Order matters only for the guard hooks: authentication first, then organization access, then the activity
 * recorder (it reads what the organization guard found).
 */
export const areas: Array<FastifyPluginAsync<AppDeps>> = [
  authGuardPlugin,
  accessExtensionsPlugin,
  orgGuardPlugin,
  activityRecorderPlugin,
  accountsPlugin,
  sessionsPlugin,
  mfaPlugin,
  orgsPlugin,
  ssoPlugin,
  accessPlugin,
  menusPlugin,
  activityPlugin,
  alertsPlugin,
  bannerPlugin,
  regionPlugin,
  monitoringPlugin,
  billingPlugin,
  billingRequestsPlugin,
  supportPlugin,
];
