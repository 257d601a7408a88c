import { useQuery } from '@tanstack/react-query';
import type { CaptchaConfig, CaptchaVerifyResponse } from '@tscloud/contracts';
import { http } from '../../api/http';
import { authKeys } from './keys';

/** GET /uc/api/auth/captcha: whether the human check is on, and how to load it. */
export function fetchCaptchaConfig(): Promise<CaptchaConfig> {
  return http.get<CaptchaConfig>('/auth/captcha', { area: 'auth' });
}

/** POST /uc/api/auth/verify {reponseToken}: the server checks a captcha token. */
export function verifyCaptcha(reponseToken: string): Promise<CaptchaVerifyResponse> {
  return http.post<CaptchaVerifyResponse>('/auth/verify', { reponseToken }, { area: 'auth' });
}

export function useCaptchaConfig() {
  return useQuery({ queryKey: [...authKeys.all, 'captcha'], queryFn: fetchCaptchaConfig, staleTime: Infinity });
}
