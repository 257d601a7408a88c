import { useMutation } from '@tanstack/react-query';
import type { ConnectorId, TaskValues, TransformSampleBody, TransformSampleResponse } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { replicationPath, VALIDATE_CALL_MS } from './base';

/** The validate call's answer: on failure valid=false with the message (data-in.md §8). */
export interface ValidateResult {
  valid: boolean;
  message?: string;
  msg?: string;
}

/**
 * /ds/in/validate: whether the source answers (2-minute time-out, §9). Sent as POST { connector, values }, the
 * server's twin of the GET, so passwords stay out of URLs.
 */
export function useCheckConnection(instance: InstanceRef) {
  return useMutation({
    mutationFn: (v: { connector: ConnectorId; values: TaskValues }) =>
      http.post<ValidateResult>(replicationPath(instance, 'ds/in/validate'), v, { timeoutMs: VALIDATE_CALL_MS, silent: true }),
  });
}

/** POST /transform/sample/flat?tz=: the transform run on the source's first lines, rows as they would be written. */
export function useTransformSample(instance: InstanceRef) {
  return useMutation({
    mutationFn: (v: { body: TransformSampleBody; timeZone: string }) =>
      http.post<TransformSampleResponse>(replicationPath(instance, 'transform/sample/flat'), v.body, { query: { tz: v.timeZone }, silent: true }),
  });
}
