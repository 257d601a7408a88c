import { ApiCode, type ApiEnvelope, MAX_RETRIES_439, SESSION_INVALID_CODES, SUCCESS_CODES, normalizeCode } from '@tscloud/contracts';

/**
 * Pure rules of platform-shell.md §8: what a response means for the request layer. Kept apart from http.ts so the
 * rules can be read and tested without a network.
 */
export type Outcome =
  | { kind: 'success' }
  | { kind: 'sessionInvalid' }
  | { kind: 'retry' }
  | { kind: 'error' };

/** `attempt` counts retries already made (0 for the first answer). */
export function classify(code: number, attempt: number): Outcome {
  if (SUCCESS_CODES.includes(code)) return { kind: 'success' };
  if (SESSION_INVALID_CODES.includes(code)) return { kind: 'sessionInvalid' };
  if (code === ApiCode.RETRY && attempt < MAX_RETRIES_439) return { kind: 'retry' };
  return { kind: 'error' };
}

/** Reads a body as an envelope, normalizing its code; null when it is not one. */
export function parseEnvelope(body: unknown): ApiEnvelope | null {
  if (typeof body !== 'object' || body === null || !('code' in body)) return null;
  const raw = (body as { code: unknown }).code;
  if (typeof raw !== 'number' && typeof raw !== 'string') return null;
  const code = normalizeCode(raw);
  if (Number.isNaN(code)) return null;
  const message = (body as { message?: unknown }).message;
  return { code, message: typeof message === 'string' ? message : '', data: (body as { data?: unknown }).data ?? null };
}

/** The error text: the call's custom message, then the server's message, then the generic service-error text. */
export function chooseErrorMessage(custom: string | undefined, server: string | undefined, generic: string): string {
  if (custom && custom.trim()) return custom;
  if (server && server.trim()) return server;
  return generic;
}

/** A network failure shows its own message or the unknown-error fallback. */
export function networkErrorMessage(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.trim() ? message : fallback;
}

/** A blob response that failed carries a JSON envelope in its body: read its message (or nothing). */
export async function readBlobEnvelope(blob: Blob): Promise<ApiEnvelope | null> {
  try {
    return parseEnvelope(JSON.parse(await blobText(blob)));
  } catch {
    return null;
  }
}

/** Blob.text() where the platform has it, FileReader otherwise (older engines, jsdom). */
function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
