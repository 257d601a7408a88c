import { useMutation } from '@tanstack/react-query';
import type { AvatarResponse } from '@tscloud/contracts';
import { http } from '../../api/http';
import { patchUserInfo } from './userInfo';

/** POST /api/user/avatar (multipart, field `file`). The file is checked before (see pages/settings/avatarCheck). */
export function uploadAvatar(file: File): Promise<AvatarResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<AvatarResponse>('/user/avatar', form);
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (answer) => patchUserInfo({ avatar: answer.url }) });
}
