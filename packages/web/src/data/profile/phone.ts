import { useMutation } from '@tanstack/react-query';
import type { PhoneChangeBody, PhoneCodeSendBody, PhoneCodeSendResponse, PhoneCodeVerifyBody, UserInfo } from '@tscloud/contracts';
import { http } from '../../api/http';
import { withVerification } from '../mfa/verification';
import { patchUserInfo } from './userInfo';

/** POST /api/user/send/phonecode: a 6-digit code valid 10 minutes. */
export function sendPhoneCode(body: PhoneCodeSendBody): Promise<PhoneCodeSendResponse> {
  return http.post<PhoneCodeSendResponse>('/user/send/phonecode', body);
}

/** POST /api/user/verify/phonecode. */
export function verifyPhoneCode(body: PhoneCodeVerifyBody): Promise<{ verified: true }> {
  return http.post<{ verified: true }>('/user/verify/phonecode', body);
}

/** PUT /api/user/phone: the verified new phone replaces the old one (protected operation phone.change). */
export function changePhone(body: PhoneChangeBody): Promise<UserInfo> {
  return withVerification((silent) => http.put<UserInfo>('/user/phone', body, { silent }));
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}

export function useVerifyPhoneCode() {
  return useMutation({ mutationFn: verifyPhoneCode });
}

export function useChangePhone() {
  return useMutation({ mutationFn: changePhone, onSuccess: (info) => patchUserInfo(info) });
}
