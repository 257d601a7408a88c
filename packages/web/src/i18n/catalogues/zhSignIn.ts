import { coreZh as serverZh } from '@tscloud/contracts';
import type { enSignInCatalogue } from './enSignIn';
import { common as zhCommon } from '../zh/common';
import { layout as zhLayout } from '../zh/layout';
import { auth as zhAuth } from '../zh/auth';
import { errors as zhErrors } from '../zh/errors';
import { sso as zhSso } from '../zh/sso';

/** The Chinese sign-in part: every key of the English one (enSignIn.ts; a missing key is a type error). */
export const zhSignInCatalogue: Record<keyof typeof enSignInCatalogue, string> = { ...serverZh, ...zhCommon, ...zhLayout, ...zhAuth, ...zhErrors, ...zhSso };
