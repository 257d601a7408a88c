import { en as serverEn, zh as serverZh } from '@tscloud/contracts';
import { common } from './en/common';
import { menu } from './en/menu';
import { layout } from './en/layout';
import { auth } from './en/auth';
import { pages } from './en/pages';
import { errors } from './en/errors';
import { common as zhCommon } from './zh/common';
import { menu as zhMenu } from './zh/menu';
import { layout as zhLayout } from './zh/layout';
import { auth as zhAuth } from './zh/auth';
import { pages as zhPages } from './zh/pages';
import { errors as zhErrors } from './zh/errors';

/**
 * The whole catalogue, flat keys (no key separator): the web app's own strings plus the contracts' messages for
 * validation and server keys, so a zod message key or a server message key is translated the same way.
 */
export const enCatalogue = { ...serverEn, ...common, ...menu, ...layout, ...auth, ...pages, ...errors };
export type WebKey = keyof typeof enCatalogue;

export const zhCatalogue: Record<WebKey, string> = { ...serverZh, ...zhCommon, ...zhMenu, ...zhLayout, ...zhAuth, ...zhPages, ...zhErrors };
