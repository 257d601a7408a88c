import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CsvFileItem } from '@tscloud/contracts';
import { http } from '../../api/http';
import { saveFile } from '../activity/exportCsv';
import type { InstanceRef } from '../instances/control';
import { LONG_CALL_MS, replicationPath } from './base';
import { dataInKeys } from './keys';

/** GET /csv/files: the instance's csvFiles area (the files a CSV task imports). */
export function useCsvFiles(instance: InstanceRef | null, enabled = true) {
  return useQuery({
    queryKey: dataInKeys.csvFiles(instance?.id ?? ''),
    queryFn: () => http.get<CsvFileItem[]>(replicationPath(instance!, 'csv/files')),
    enabled: enabled && !!instance,
  });
}

/** POST /csv/files (multipart field `file`): names follow the §5 rule, checked again by the server. */
export function useUploadCsvFile(instance: InstanceRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return http.post<CsvFileItem>(replicationPath(instance, 'csv/files'), body, { timeoutMs: LONG_CALL_MS, silent: true });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: dataInKeys.csvFiles(instance.id) }),
  });
}

const filePath = (instance: InstanceRef, name: string) => replicationPath(instance, `csv/files/${encodeURIComponent(name)}`);

/** DELETE /csv/files/{name}: refused (409, §8-style message) while a running task reads the file. */
export function useDeleteCsvFile(instance: InstanceRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => http.delete<null>(filePath(instance, name), { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: dataInKeys.csvFiles(instance.id) }),
  });
}

/** GET /csv/files/{name}: fetched with the session's headers (a plain link has none), then saved under its name. */
export function useDownloadCsvFile(instance: InstanceRef) {
  return useMutation({
    mutationFn: async (name: string) => saveFile(await http.get<Blob>(filePath(instance, name), { responseType: 'blob', timeoutMs: LONG_CALL_MS }), name),
  });
}
