import { useQuery } from '@tanstack/react-query';
import type { StreamOutput } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { streamPath } from './base';
import { streamKeys } from './keys';

export const STREAM_OUTPUT_REFRESH_MS = 3_000;

/** GET /api/region/{r}/stream/output/{instanceId}/{name}?rows=: the output table's row count and newest rows. */
export function fetchStreamOutput(instance: InstanceRef, name: string, rows = 10): Promise<StreamOutput> {
  return http.get<StreamOutput>(streamPath(instance, 'output', name), { query: { rows: String(rows) }, silent: true });
}

export function useStreamOutput(instance: InstanceRef, name: string) {
  return useQuery({ queryKey: streamKeys.output(instance.id, name), queryFn: () => fetchStreamOutput(instance, name), refetchInterval: STREAM_OUTPUT_REFRESH_MS });
}
