import { useMutation } from '@tanstack/react-query';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';

/**
 * POST /api/region/{r}/data/import/{appId}/{dbName}/{tbName}, multipart with the file in field `data` (§7 Data
 * import). A nonzero code rejects; the screen shows the server's description.
 */
export function importCsv(instance: InstanceRef, db: string, table: string, file: File): Promise<unknown> {
  const form = new FormData();
  form.append('data', file, file.name);
  const path = `/region/${encodeURIComponent(instance.region_id)}/data/import/${encodeURIComponent(instance.id)}/${encodeURIComponent(db)}/${encodeURIComponent(table)}`;
  return http.post<unknown>(path, form, { silent: true, timeoutMs: 600_000 });
}

export function useImportCsv(instance: InstanceRef, db: string, table: string) {
  return useMutation({ mutationFn: (file: File) => importCsv(instance, db, table, file) });
}
