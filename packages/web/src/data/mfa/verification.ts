import { ApiCode, SESSION_INVALID_CODES, type VerifyTokenBody, type VerifyTokenResponse } from '@tscloud/contracts';
import { isApiError } from '../../api/errors';
import { showCallError } from '../../api/http';
import { clearMfa, setVerifyToken } from '../../state/session';
import { issueVerifyToken } from './verifyToken';

/**
 * Protected operations (platform-shell.md §4 multi-factor): the server answers 433 when an operation needs a code.
 * The caller is then asked for the second factor, a Verify-Token is bought with it and kept in the session (the
 * request layer sends it for 540000 ms), and the call is made once more. Cancelling the prompt clears the token.
 * The prompt buys the token itself (`buy`), so that a refused code is shown in it with what was typed kept;
 * a failure it lets through ends the attempt without retrying.
 */
export type VerificationAsker = (buy: (body: VerifyTokenBody) => Promise<VerifyTokenResponse>) => Promise<VerifyTokenResponse | null>;

export class VerificationCancelled extends Error {
  constructor() {
    super('verification cancelled');
    this.name = 'VerificationCancelled';
  }
}

export interface VerificationDeps {
  ask: VerificationAsker;
  issueToken(body: VerifyTokenBody): Promise<VerifyTokenResponse>;
  remember(token: string): void;
  forget(): void;
  showError(text: string): void;
}

let registeredAsker: VerificationAsker | null = null;

/**
 * The prompt that asks for the code. The app shell registers its dialog once at start (app/httpSetup.ts), so every
 * protected call prompts whichever page was opened first; this layer knows no UI.
 */
export function setVerificationAsker(asker: VerificationAsker | null): void {
  registeredAsker = asker;
}

const defaultDeps: VerificationDeps = {
  ask: (buy) => (registeredAsker ? registeredAsker(buy) : Promise.resolve(null)),
  issueToken: issueVerifyToken,
  remember: (token) => setVerifyToken(token),
  forget: clearMfa,
  showError: (text) => showCallError(text),
};

/**
 * `call(silent)`: the first attempt is silent so that a 433 does not flash an error message; any other failure is
 * shown here exactly as the request layer would have shown it (its text is the error's message).
 */
export async function withVerification<T>(call: (silent: boolean) => Promise<T>, deps: VerificationDeps = defaultDeps): Promise<T> {
  try {
    return await call(true);
  } catch (error) {
    if (!isApiError(error) || error.code !== ApiCode.MFA_REQUIRED) {
      // Session errors were already shown (the request layer shows them even for silent calls).
      if (isApiError(error) && !SESSION_INVALID_CODES.includes(error.code)) deps.showError(error.message);
      throw error;
    }
  }
  const bought = await deps.ask(deps.issueToken);
  if (!bought) {
    deps.forget();
    throw new VerificationCancelled();
  }
  deps.remember(bought.verifyToken);
  return call(false);
}
