import type { VerifyTokenBody, VerifyTokenResponse } from '@tscloud/contracts';
import { openDialog } from '../../../components/dialogs/dialogManager';
import { session } from '../../../state/session';

/**
 * Opens the verification prompt as the global dialog; resolves with the Verify-Token bought (null: cancelled). The
 * server asks (433) only when multi-factor is on, so an unknown state counts as on. The app shell registers it as the
 * prompt of every protected call (app/httpSetup.ts). The prompt's code (tabs, segmented input) loads when first
 * asked for, so it is not part of the sign-in page's scripts (docs/web.md "Delivery").
 */
export async function askForVerification(buy: (body: VerifyTokenBody) => Promise<VerifyTokenResponse>): Promise<VerifyTokenResponse | null> {
  const mfaEnabled = session.get().userInfo?.mfaEnabled ?? true;
  const { VerificationPrompt } = await import('./VerificationPrompt');
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
