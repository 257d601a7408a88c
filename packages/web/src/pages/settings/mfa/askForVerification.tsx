import type { VerifyTokenBody, VerifyTokenResponse } from '@tscloud/contracts';
import { openDialog } from '../../../components/dialogs/dialogManager';
import { session } from '../../../state/session';
import { VerificationPrompt } from './VerificationPrompt';

/**
 * Opens the verification prompt as the global dialog; resolves with the Verify-Token bought (null: cancelled). The
 * server asks (433) only when multi-factor is on, so an unknown state counts as on. The app shell registers it as the
 * prompt of every protected call (app/httpSetup.ts).
 */
export function askForVerification(buy: (body: VerifyTokenBody) => Promise<VerifyTokenResponse>): Promise<VerifyTokenResponse | null> {
  const mfaEnabled = session.get().userInfo?.mfaEnabled ?? true;
  return new Promise((resolve) => {
    openDialog((close) => (
      <VerificationPrompt
        mfaEnabled={mfaEnabled}
        buy={buy}
        onDone={(bought) => {
          close();
          resolve(bought);
        }}
      />
    ));
  });
}
