import { isApiError } from '../api/errors';
import { translateMessage } from './index';

/** What a failed call says to the user: the server's message (a key or its text), else the error as text. */
export function errorText(error: unknown): string {
  return translateMessage(isApiError(error) ? error.message : String(error));
}
