import { useMutation } from '@tanstack/react-query';
import type { ProfileUpdateBody, UserInfo } from '@tscloud/contracts';
import { http } from '../../api/http';
import { patchUserInfo } from './userInfo';

/** PUT /uc/api/user: names, company, industry, position, country. Answers the updated user info. */
export function updateProfile(body: ProfileUpdateBody): Promise<UserInfo> {
  return http.put<UserInfo>('/user', body, { area: 'auth' });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: (info) => patchUserInfo(info) });
}
