import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CsvFileItem } from '@tscloud/contracts';
import { http } from '../../api/http';
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
