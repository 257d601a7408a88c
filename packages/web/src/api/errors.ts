/**
 * The one error shape of every server call (platform-shell.md §8): the envelope's code (after the leading "21" is
 * stripped), its message and its data. Local failures use the negative codes below so callers can tell them apart.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

export const LocalCode = {
  /** The call needs a token and there is none: rejected before it is sent. */
  NO_TOKEN: -1,
  /** The network failed or the server could not be reached. */
  NETWORK: -2,
  /** The time-out elapsed. */
  TIMEOUT: -3,
  /** The server answered with something that is not an envelope. */
  BAD_RESPONSE: -4,
} as const;

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
