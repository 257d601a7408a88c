import type { WebKey } from '../../../i18n';

/**
 * The §5 upload rules the console checks before sending (the server checks them again while it streams): at most
 * `maxFiles` files, none above `maxBytes`. The message key of the first broken rule, or null.
 */
export function uploadRefusal(file: { size: number }, alreadyChosen: number, limits: { maxFiles: number; maxBytes: number }): { key: WebKey; count?: number } | null {
  if (file.size > limits.maxBytes) return { key: 'validation.fileTooLarge' };
  if (alreadyChosen >= limits.maxFiles) return { key: 'support.tooManyFiles', count: limits.maxFiles };
  return null;
}

/** Megabytes as the limit's text shows them (10 MB). */
export function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}
