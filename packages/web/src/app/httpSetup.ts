import { configureHttp } from '../api/http';
import { i18n, currentLanguage } from '../i18n';
import { notifier } from '../components/feedback/notifier';
import { clearMfa, getDeviceId, getToken, mfaHeaders, scheduleKeepAlive, session } from '../state/session';
import { logout } from '../state/logout';

/** Connects the request layer to the session, the messages and the texts of this app. */
export function setUpHttp(): void {
  configureHttp({
    token: getToken,
    orgId: () => session.get().current.orgId,
    deviceId: getDeviceId,
    language: currentLanguage,
    mfaHeaders: () => mfaHeaders(),
    showError: notifier.error,
    text: (key) => i18n.t(key),
    onSessionInvalid: () => {
      clearMfa();
      void logout({ callServer: false });
    },
    onActivity: scheduleKeepAlive,
  });
}
