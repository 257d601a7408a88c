import { en as serverEn, zh as serverZh } from '@tscloud/contracts';
import { common } from './en/common';
import { menu } from './en/menu';
import { layout } from './en/layout';
import { auth } from './en/auth';
import { pages } from './en/pages';
import { errors } from './en/errors';
import { org } from './en/org';
import { access } from './en/access';
import { settings } from './en/settings';
import { activity } from './en/activity';
import { alerts } from './en/alerts';
import { instances } from './en/instances';
import { dashboard } from './en/dashboard';
import { programming } from './en/programming';
import { instanceAccess } from './en/instanceAccess';
import { explorer } from './en/explorer';
import { sqlConsole } from './en/console';
import { sso } from './en/sso';
import { common as zhCommon } from './zh/common';
import { menu as zhMenu } from './zh/menu';
import { layout as zhLayout } from './zh/layout';
import { auth as zhAuth } from './zh/auth';
import { pages as zhPages } from './zh/pages';
import { errors as zhErrors } from './zh/errors';
import { org as zhOrg } from './zh/org';
import { access as zhAccess } from './zh/access';
import { settings as zhSettings } from './zh/settings';
import { activity as zhActivity } from './zh/activity';
import { alerts as zhAlerts } from './zh/alerts';
import { instances as zhInstances } from './zh/instances';
import { dashboard as zhDashboard } from './zh/dashboard';
import { programming as zhProgramming } from './zh/programming';
import { instanceAccess as zhInstanceAccess } from './zh/instanceAccess';
import { explorer as zhExplorer } from './zh/explorer';
import { sqlConsole as zhSqlConsole } from './zh/console';
import { sso as zhSso } from './zh/sso';
import { accountsExtra } from './en/accountsExtra';
import { accountsExtra as zhAccountsExtra } from './zh/accountsExtra';
import { streams } from './en/streams';
import { streams as zhStreams } from './zh/streams';
import { topics } from './en/topics';
import { topics as zhTopics } from './zh/topics';

/**
 * The whole catalogue, flat keys (no key separator): the web app's own strings plus the contracts' messages for
 * validation and server keys, so a zod message key or a server message key is translated the same way.
 */
export const enCatalogue = { ...serverEn, ...common, ...menu, ...layout, ...auth, ...pages, ...errors, ...org, ...access, ...settings, ...activity, ...alerts, ...instances, ...dashboard, ...programming, ...instanceAccess, ...explorer, ...sqlConsole, ...sso, ...accountsExtra, ...streams, ...topics };
export type WebKey = keyof typeof enCatalogue;

export const zhCatalogue: Record<WebKey, string> = { ...serverZh, ...zhCommon, ...zhMenu, ...zhLayout, ...zhAuth, ...zhPages, ...zhErrors, ...zhOrg, ...zhAccess, ...zhSettings, ...zhActivity, ...zhAlerts, ...zhInstances, ...zhDashboard, ...zhProgramming, ...zhInstanceAccess, ...zhExplorer, ...zhSqlConsole, ...zhSso, ...zhAccountsExtra, ...zhStreams, ...zhTopics };
