import { billingRequestsEn, datainEn, supportEn } from '@tscloud/contracts';
import { menu } from '../en/menu';
import { pages } from '../en/pages';
import { org } from '../en/org';
import { access } from '../en/access';
import { settings } from '../en/settings';
import { activity } from '../en/activity';
import { alerts } from '../en/alerts';
import { instances } from '../en/instances';
import { dashboard } from '../en/dashboard';
import { programming } from '../en/programming';
import { instanceAccess } from '../en/instanceAccess';
import { explorer } from '../en/explorer';
import { explorerDatabase } from '../en/explorerDatabase';
import { sqlConsole } from '../en/console';
import { accountsExtra } from '../en/accountsExtra';
import { streams } from '../en/streams';
import { topics } from '../en/topics';
import { dataIn } from '../en/dataIn';
import { dataInFiles } from '../en/dataInFiles';
import { dataInAgents } from '../en/dataInAgents';
import { dataInPoints } from '../en/dataInPoints';
import { billing } from '../en/billing';
import { support } from '../en/support';
import { billingRequests } from '../en/billingRequests';

/** The rest of the English catalogue: the console's screens (and the server's data-in messages, which only they show). */
export const enConsoleCatalogue = { ...menu, ...pages, ...org, ...access, ...settings, ...activity, ...alerts, ...instances, ...dashboard, ...programming, ...instanceAccess, ...explorer, ...explorerDatabase, ...sqlConsole, ...accountsExtra, ...streams, ...topics, ...dataIn, ...dataInFiles, ...dataInAgents, ...dataInPoints, ...billing, ...support, ...billingRequests, ...datainEn, ...supportEn, ...billingRequestsEn };
