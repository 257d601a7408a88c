import type { VerifyTokenBody } from '@tscloud/contracts';
import { openDialog } from '../../../components/dialogs/dialogManager';
import { setVerificationAsker } from '../../../data/mfa/verification';
import { VerificationPrompt } from './VerificationPrompt';

/** Opens the verification prompt as the global dialog and resolves with what the user typed (null: cancelled). */
export function askForVerification(): Promise<VerifyTokenBody | null> {
  return new Promise((resolve) => {
    openDialog((close) => (
      <VerificationPrompt
        onAnswer={(answer) => {
          close();
          resolve(answer);
        }}
      />
    ));
  });
}

// Importing this module makes it the prompt of every protected call (data/mfa/verification).
setVerificationAsker(askForVerification);
