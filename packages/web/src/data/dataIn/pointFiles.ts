import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { PointFileTicket, PointPage } from '@tscloud/contracts';
import { http } from '../../api/http';
import { saveFile } from '../activity/exportCsv';
import type { InstanceRef } from '../instances/control';
import { LONG_CALL_MS, replicationPath } from './base';
import { dataInKeys } from './keys';

/** Where a point file comes from: a task's point file (`from` its id), or a file of the csvFiles area. */
export type PointFileSource = { via: 'task' | 'file'; from: string };

/** GET /ds/in/point/file/download/task: the ticket the page, download and readiness calls take. */
export function usePointFileTicket(instance: InstanceRef, source: PointFileSource) {
  return useQuery({
    queryKey: dataInKeys.pointTicket(instance.id, source.via, source.from),
    queryFn: () => http.get<PointFileTicket>(replicationPath(instance, 'ds/in/point/file/download/task'), { query: { ...source }, silent: true }),
    retry: false,
  });
}

/** GET /ds/in/point/data/page: one page of the file, each row with its problems, counts over the whole file. */
export function usePointPage(instance: InstanceRef, ticket: string | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: dataInKeys.pointPage(instance.id, ticket ?? '', page, pageSize),
    queryFn: () => http.get<PointPage>(replicationPath(instance, 'ds/in/point/data/page'), { query: { ticket: ticket!, page, page_size: pageSize } }),
    enabled: !!ticket,
    placeholderData: keepPreviousData,
  });
}

/**
 * A download the Data In screens offer (a point-file template, PI's default configuration, a point file by ticket):
 * fetched with the session's headers, which a plain link lacks, then saved under `fileName`.
 */
export function useReplicationDownload(instance: InstanceRef) {
  return useMutation({
    mutationFn: async ({ call, fileName }: { call: string; fileName: string }) =>
      saveFile(await http.get<Blob>(replicationPath(instance, call.replace(/^\//, '')), { responseType: 'blob', timeoutMs: LONG_CALL_MS }), fileName),
  });
}

/** The file name a download call's answer is saved under (the server names the same in its Content-Disposition). */
export function downloadFileName(call: string): string {
  const query = new URLSearchParams(call.split('?')[1] ?? '');
  if (call.includes('/point/file/template')) return `${query.get('driver') ?? 'opc'}_points_template.csv`;
  if (call.includes('pi_default_config')) return `pi_${query.get('via') ?? 'point_list'}_default_config.csv`;
  return 'download.csv';
}
