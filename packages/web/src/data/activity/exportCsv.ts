import { useMutation } from '@tanstack/react-query';
import { http } from '../../api/http';
import type { ActivityExportFilter } from './keys';
import { ACTIVITY_PATH, presentFilters, type ActivitySource } from './list';

/**
 * GET /api/activity/export (or /api/instances/logs/export): the filtered log as CSV. The server streams it; the call
 * carries the organization in its Account-Id header, which a plain download link cannot, so the file is fetched and
 * then handed to the browser's download.
 */
export function fetchActivityCsv(source: ActivitySource, filter: ActivityExportFilter): Promise<Blob> {
  return http.get<Blob>(`${ACTIVITY_PATH[source]}/export`, { query: presentFilters(filter), responseType: 'blob' });
}

/** Saves a file the page holds through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useExportActivity(source: ActivitySource) {
  return useMutation({
    mutationFn: async (filter: ActivityExportFilter) => {
      const blob = await fetchActivityCsv(source, filter);
      saveFile(blob, `${source === 'instances' ? 'instance-logs' : 'activity'}-${Date.now()}.csv`);
    },
  });
}
