import { zh as serverZh } from '@tscloud/contracts';
import type { WebKey } from './en';
import { common as zhCommon } from '../zh/common';
import { menu as zhMenu } from '../zh/menu';
import { layout as zhLayout } from '../zh/layout';
import { auth as zhAuth } from '../zh/auth';
import { pages as zhPages } from '../zh/pages';
import { errors as zhErrors } from '../zh/errors';
import { org as zhOrg } from '../zh/org';
import { access as zhAccess } from '../zh/access';
import { settings as zhSettings } from '../zh/settings';
import { activity as zhActivity } from '../zh/activity';
import { alerts as zhAlerts } from '../zh/alerts';
import { instances as zhInstances } from '../zh/instances';
import { dashboard as zhDashboard } from '../zh/dashboard';
import { programming as zhProgramming } from '../zh/programming';
import { instanceAccess as zhInstanceAccess } from '../zh/instanceAccess';
import { explorer as zhExplorer } from '../zh/explorer';
import { sqlConsole as zhSqlConsole } from '../zh/console';
import { sso as zhSso } from '../zh/sso';
import { accountsExtra as zhAccountsExtra } from '../zh/accountsExtra';
import { streams as zhStreams } from '../zh/streams';
import { topics as zhTopics } from '../zh/topics';

/** The Chinese catalogue: every key of the English one (a missing key is a type error). */
export const zhCatalogue: Record<WebKey, string> = { ...serverZh, ...zhCommon, ...zhMenu, ...zhLayout, ...zhAuth, ...zhPages, ...zhErrors, ...zhOrg, ...zhAccess, ...zhSettings, ...zhActivity, ...zhAlerts, ...zhInstances, ...zhDashboard, ...zhProgramming, ...zhInstanceAccess, ...zhExplorer, ...zhSqlConsole, ...zhSso, ...zhAccountsExtra, ...zhStreams, ...zhTopics };
