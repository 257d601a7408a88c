import { IMPORT_MAX_BYTES } from '@tscloud/contracts';

/** §5: CSV file names allow a limited character set: letters, digits, spaces, dots, hyphens, underscores; `.csv`. */
export const CSV_FILE_NAME = /^[\w .-]{1,251}\.csv$/i;

export function csvFileProblem(file: { name: string; size: number } | null): { key: 'explorer.validation.fileRequired' | 'explorer.validation.fileName' | 'explorer.validation.fileSize' } | null {
  if (!file) return { key: 'explorer.validation.fileRequired' };
  if (!CSV_FILE_NAME.test(file.name)) return { key: 'explorer.validation.fileName' };
  if (file.size > IMPORT_MAX_BYTES) return { key: 'explorer.validation.fileSize' };
  return null;
}
