import { ApiCode, type SsoRequiredData } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { ApiError } from '../../http/api-error';
import { enforcedSettingForEmail } from './settings';

/**
 * Called by the password sign-in before it checks the password: an address whose domain an organization holds
 * to single sign-on (enabled and verified) may not sign in with a password. The refusal names the connection so
 * the web app sends the user to /auth/login?azure_sso=<connectionName> (docs/sso.md).
 */
export async function refusePasswordSignInUnderSso(db: Db, email: string): Promise<void> {
  const setting = await enforcedSettingForEmail(db, email);
  if (!setting) return;
  const data: SsoRequiredData = { connectionName: setting.connectionName };
  throw new ApiError(ApiCode.FORBIDDEN, 'error.ssoRequired', [], data);
}
