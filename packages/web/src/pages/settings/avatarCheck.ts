import { AVATAR_EXTENSIONS, AVATAR_MAX_BYTES, type MessageKey } from '@tscloud/contracts';

/** The avatar rule of §5 checked before upload: jpg, jpeg, png or gif, at most 1 MB. null when acceptable. */
export function avatarProblem(file: { name: string; size: number }): MessageKey | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) return 'validation.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'validation.fileTooLarge';
  return null;
}

export const AVATAR_ACCEPT = AVATAR_EXTENSIONS.map((e) => `.${e}`).join(',');
