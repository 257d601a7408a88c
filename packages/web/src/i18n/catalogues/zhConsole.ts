import { billingRequestsZh, datainZh, supportZh } from '@tscloud/contracts';
import type { enConsoleCatalogue } from './enConsole';
import { menu as zhMenu } from '../zh/menu';
import { pages as zhPages } from '../zh/pages';
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
import { explorerDatabase as zhExplorerDatabase } from '../zh/explorerDatabase';
import { sqlConsole as zhSqlConsole } from '../zh/console';
import { accountsExtra as zhAccountsExtra } from '../zh/accountsExtra';
import { streams as zhStreams } from '../zh/streams';
import { topics as zhTopics } from '../zh/topics';
import { dataIn as zhDataIn } from '../zh/dataIn';
import { dataInFiles as zhDataInFiles } from '../zh/dataInFiles';
import { dataInAgents as zhDataInAgents } from '../zh/dataInAgents';
import { dataInPoints as zhDataInPoints } from '../zh/dataInPoints';
import { billing as zhBilling } from '../zh/billing';
import { support as zhSupport } from '../zh/support';
import { billingRequests as zhBillingRequests } from '../zh/billingRequests';

/** The Chinese console part: every key of the English one (enConsole.ts). */
export const zhConsoleCatalogue: Record<keyof typeof enConsoleCatalogue, string> = { ...zhMenu, ...zhPages, ...zhOrg, ...zhAccess, ...zhSettings, ...zhActivity, ...zhAlerts, ...zhInstances, ...zhDashboard, ...zhProgramming, ...zhInstanceAccess, ...zhExplorer, ...zhExplorerDatabase, ...zhSqlConsole, ...zhAccountsExtra, ...zhStreams, ...zhTopics, ...zhDataIn, ...zhDataInFiles, ...zhDataInAgents, ...zhDataInPoints, ...zhBilling, ...zhSupport, ...zhBillingRequests, ...datainZh, ...supportZh, ...billingRequestsZh };
