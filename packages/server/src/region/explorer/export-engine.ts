import { Readable } from 'node:stream';
import { ApiCode, type ExportFormat } from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';
import type { EngineTarget } from '../engine-client/rest-call';
import { sqlRefused } from '../engine-client/member-engine';

/** The engine's streamed export: its content type and the body as a Node stream, read as the client reads. */
export interface EngineExport {
  contentType: string;
  body: Readable;
}

/**
 * POST {engine}/rest/export[/{db}]?format=… (packages/engine/src/server/rest-export.ts) as the member's engine
 * user: the file's bytes are passed on as they come, never parsed or held (the engine writes them exactly; issue
 * 13 item 5). A refusal before the first byte is the engine's JSON error body, thrown as the console shows an
 * engine error; `signal` stops the engine's query when the download is abandoned.
 */
export async function engineExport(target: EngineTarget, sql: string, options: { format: ExportFormat; db?: string; signal: AbortSignal }): Promise<EngineExport> {
  const db = options.db ? `/${encodeURIComponent(options.db)}` : '';
  let res: Response;
  try {
    res = await fetch(`${target.url.replace(/\/$/, '')}/rest/export${db}?format=${options.format}`, {
      method: 'POST',
      headers: { authorization: target.authorization, 'content-type': 'text/plain' },
      body: sql,
      signal: options.signal,
    });
  } catch {
    throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.sqlServiceUnavailable');
  }
  const contentType = res.headers.get('content-type') ?? '';
  if (contentType.startsWith('application/json')) {
    const answer = (await res.json().catch(() => ({ code: -1, desc: `engine answered ${res.status}` }))) as { code: number; desc?: string };
    throw sqlRefused(answer);
  }
  // Anything else that is not a file (an engine without the export endpoint answers 404 in plain text).
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new ApiError(ApiCode.SERVICE_UNAVAILABLE, 'error.sqlServiceUnavailable');
  }
  return { contentType, body: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>) };
}
