import { useMutation } from '@tanstack/react-query';
import { SQL_TIMEOUT_MS } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';

/**
 * POST /api/region/{region}/data/sql/export/{appId} {sql}: the whole result of one query as CSV, streamed by the
 * server (docs/explorer-server.md "Export"); refused with "export only for query results" for anything else.
 */
export function exportCsv(instance: InstanceRef, sql: string): Promise<Blob> {
  return http.post<Blob>(`/region/${encodeURIComponent(instance.region_id)}/data/sql/export/${encodeURIComponent(instance.id)}`, { sql }, {
    responseType: 'blob',
    timeoutMs: SQL_TIMEOUT_MS,
  });
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportCsv(instance: InstanceRef) {
  return useMutation({
    mutationFn: async (sql: string) => {
      const blob = await exportCsv(instance, sql);
      saveBlob(blob, `query-${new Date().toISOString().replace(/[:.]/g, '-')}.csv`);
      return blob;
    },
  });
}
