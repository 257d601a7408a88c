import { AccountStatus, ApiCode } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { createActiveUser, findUserByEmail, updateUser } from '../accounts/users';
import { revokeAccountTokens } from '../auth/account-tokens';
import type { OidcProfile } from './oidc';

/**
 * The account of an e-mail the identity provider vouched for: the existing one, or a new ACTIVE account
 * without a password (account status 1: the user completes company and country at /register). An address
 * that signed up but never opened its activation mail is activated: the provider proved it. Disabled and
 * deleted accounts stay out.
 */
export async function accountForProfile(deps: AppDeps, profile: OidcProfile & { email: string }): Promise<UserRow> {
  const { db } = deps.store;
  const existing = await findUserByEmail(db, profile.email);
  if (!existing || existing.status === 'INVITED') {
    return createActiveUser(db, deps.clock, {
      email: profile.email,
      password: null,
      firstName: profile.givenName.slice(0, 64),
      lastName: profile.familyName.slice(0, 64),
      accountStatus: AccountStatus.INCOMPLETE_1,
    });
  }
  if (existing.status === 'REGISTERING') {
    // The pending password was chosen by whoever signed up, not necessarily the address's owner: it is dropped
    // (the owner can set one with "forgot password"), and with it the activation link bound to it.
    await revokeAccountTokens(db, existing.id, ['activation']);
    return updateUser(db, deps.clock, existing.id, { status: 'ACTIVE', activatedAt: deps.clock.now(), passwordHash: null });
  }
  if (existing.status === 'DISABLED') throw new ApiError(ApiCode.ACCOUNT_STATE, 'error.accountDisabled');
  if (existing.status !== 'ACTIVE') throw new ApiError(ApiCode.ACCOUNT_STATE, 'error.accountAbnormal');
  return existing;
}

