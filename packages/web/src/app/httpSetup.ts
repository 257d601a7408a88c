import { configureHttp } from '../api/http';
import { i18n, currentLanguage } from '../i18n';
import { notifier } from '../components/feedback/notifier';
import { clearMfa, getCsrfToken, getDeviceId, mfaHeaders, session } from '../state/session';
import { logout } from '../state/logout';
import { noteRetriesExhausted } from '../state/serviceBusy';
import { setVerificationAsker } from '../data/mfa/verification';
import { askForVerification } from '../pages/settings/mfa/askForVerification';

/**
 * Connects the request layer to the session, the messages and the texts of this app, and registers the prompt of
 * protected calls (a 433 asks for the second factor) once at start, so it shows whichever page is opened first.
 */
export function setUpHttp(): void {
  configureHttp({
    csrfToken: getCsrfToken,
    orgId: () => session.get().current.orgId,
    deviceId: getDeviceId,
    language: currentLanguage,
    mfaHeaders: () => mfaHeaders(),
    showError: notifier.error,
    clearErrors: notifier.clearErrors,
    onRetriesExhausted: noteRetriesExhausted,
    text: (key) => i18n.t(key),
    onSessionInvalid: () => {
      clearMfa();
      void logout({ callServer: false });
    },
  });
  setVerificationAsker(askForVerification);
}
