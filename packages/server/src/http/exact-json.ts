import { stringify } from 'lossless-json';

/**
 * The server's reply serializer: JSON.stringify, except when the answer holds a bigint (an engine BIGINT beyond
 * 2^53, read exactly by engine-client/rest-call.ts), which JSON.stringify refuses: then lossless-json writes it as
 * a JSON number with every digit, as TDengine's REST and our gateway do (issue 13 item 1). Answers without one
 * keep the native serializer's speed.
 */
export function serializeReply(payload: unknown): string {
  try {
    return JSON.stringify(payload);
  } catch (error) {
    if (error instanceof TypeError && /BigInt/i.test(error.message)) return stringify(payload) ?? 'null';
    throw error;
  }
}
