import { ApiCode, type MessageKey } from '@tscloud/contracts';

/**
 * The one error a route throws to refuse a request. It carries an envelope code and a message key that is
 * translated into the caller's language (Accept-Language) by the error handler.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly args: Array<string | number> = [],
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }

  static badRequest(key: MessageKey = 'validation.formFormat', ...args: Array<string | number>): ApiError {
    return new ApiError(ApiCode.BAD_REQUEST, key, args);
  }
  static unauthenticated(key: MessageKey = 'error.notLoggedIn'): ApiError {
    return new ApiError(ApiCode.SESSION_INVALID, key);
  }
  static forbidden(key: MessageKey = 'error.forbidden'): ApiError {
    return new ApiError(ApiCode.FORBIDDEN, key);
  }
  static notFound(key: MessageKey = 'error.notFound'): ApiError {
    return new ApiError(ApiCode.NOT_FOUND, key);
  }
  static conflict(key: MessageKey, ...args: Array<string | number>): ApiError {
    return new ApiError(ApiCode.CONFLICT, key, args);
  }
}
