import { coreEn as serverEn } from '@tscloud/contracts';
import { common } from '../en/common';
import { layout } from '../en/layout';
import { auth } from '../en/auth';
import { errors } from '../en/errors';
import { sso } from '../en/sso';

/**
 * The part of the English catalogue the sign-in page shows (its texts, the frame, errors and the server's messages):
 * the sign-in route loads only this (docs/web.md "Delivery"); every other screen loads the whole catalogue
 * (i18n/index.ts `loadCatalogue`). Its keys are checked against the sign-in route's code (signIn.test.ts).
 */
export const enSignInCatalogue = { ...serverEn, ...common, ...layout, ...auth, ...errors, ...sso };
