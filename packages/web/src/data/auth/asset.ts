import { useMutation } from '@tanstack/react-query';
import type { AssetLoginBody, AssetRegisterBody, AssetTokenResponse, SignupResponse } from '@tscloud/contracts';
import { http } from '../../api/http';

/** POST /uc/api/user/login/asset: the signed-in user gets a token for one IDMP instance's console. */
export function openAssetConsole(instanceId: string): Promise<AssetTokenResponse> {
  return http.post<AssetTokenResponse>('/user/login/asset', { instanceId }, { area: 'auth' });
}

/** POST /uc/api/auth/asset-login: an IDMP console signs its user in with the tscloud account. */
export function assetLogin(body: AssetLoginBody): Promise<AssetTokenResponse> {
  return http.post<AssetTokenResponse>('/auth/asset-login', body, { area: 'auth' });
}

/** POST /uc/api/auth/register/asset: sign-up from an IDMP console; the activation link leads back to it. */
export function assetRegister(body: AssetRegisterBody): Promise<SignupResponse> {
  return http.post<SignupResponse>('/auth/register/asset', body, { area: 'auth' });
}

export function useOpenAssetConsoleMutation() {
  return useMutation({ mutationFn: openAssetConsole });
}
