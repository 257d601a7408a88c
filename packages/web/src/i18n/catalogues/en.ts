import { en as serverEn } from '@tscloud/contracts';
import { common } from '../en/common';
import { menu } from '../en/menu';
import { layout } from '../en/layout';
import { auth } from '../en/auth';
import { pages } from '../en/pages';
import { errors } from '../en/errors';
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
import { sqlConsole } from '../en/console';
import { sso } from '../en/sso';
import { accountsExtra } from '../en/accountsExtra';
import { streams } from '../en/streams';
import { topics } from '../en/topics';

/**
 * The English catalogue, flat keys (no key separator): the web app's own strings plus the contracts' messages for
 * validation and server keys, so a zod message key or a server message key is translated the same way. A module of
 * its own so the app loads only the language it shows (i18n/index.ts `loadCatalogue`).
 */
export const enCatalogue = { ...serverEn, ...common, ...menu, ...layout, ...auth, ...pages, ...errors, ...org, ...access, ...settings, ...activity, ...alerts, ...instances, ...dashboard, ...programming, ...instanceAccess, ...explorer, ...sqlConsole, ...sso, ...accountsExtra, ...streams, ...topics };
export type WebKey = keyof typeof enCatalogue;
