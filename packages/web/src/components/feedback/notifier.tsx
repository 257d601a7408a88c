import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { MessageInstance } from 'antd/es/message/interface';
import { i18n } from '../../i18n';

/**
 * Messages shown from outside React (the request layer, data functions). A themed antd message API is bound here
 * by the app's message host (app/MessageHost.tsx), so messages follow the theme and locale. The host loads with the
 * first message: antd's message code is not on the sign-in page until a message is shown (docs/web.md "Delivery");
 * calls made meanwhile wait for it, in order.
 *
 * Error messages are keyed by their text: the same error again replaces the one on screen (and restarts its time)
 * instead of stacking a second, so seven failed sign-ins leave one message. The request layer names the call an
 * error came from, and that call's next success takes its errors away (`clearErrors`), so a stale error never
 * stays beside a later success (issue 14 item 14).
 */
let api: MessageInstance | null = null;
let counter = 0;
/** Keys of the error messages on screen, by the call that showed them. */
const errorsByCall = new Map<string, Set<string>>();

/** Calls that wait for the host, and how to ask for it (set by the app's providers; none: nothing can show). */
let waiting: Array<(instance: MessageInstance) => void> = [];
let requestHost: (() => void) | null = null;

export function onMessageHostNeeded(request: (() => void) | null): void {
  requestHost = request;
  // The providers went away (a test's screen unmounted): what waited is not shown on the next screen.
  if (!request) waiting = [];
}

export function bindNotifier(instance: MessageInstance | null): void {
  api = instance;
  if (!instance) return;
  const calls = waiting;
  waiting = [];
  for (const call of calls) call(instance);
}

/** Runs a call on the message API now, or once the host has loaded; false when no host can show it. */
function withApi(call: (instance: MessageInstance) => void): boolean {
  if (api) {
    call(api);
    return true;
  }
  if (!requestHost) return false;
  waiting.push(call);
  requestHost();
  return true;
}

type Kind = 'error' | 'success' | 'info' | 'warning';

function show(type: Kind, text: string, seconds: number, closable: boolean, key: string = `notice-${++counter}`): void {
  const content = closable ? (
    <span>
      {text}
      <Button type="text" size="small" aria-label={i18n.t('common.close')} icon={<CloseOutlined />} onClick={() => void withApi((instance) => instance.destroy(key))} style={{ marginInlineStart: 8 }} />
    </span>
  ) : (
    text
  );
  if (!withApi((instance) => void instance.open({ key, type, content, duration: seconds }))) console.warn(`[${type}] ${text}`);
}

function showError(text: string, seconds: number, closable: boolean, call?: string): void {
  const key = `error:${text}`;
  show('error', text, seconds, closable, key);
  if (call) errorsByCall.set(call, (errorsByCall.get(call) ?? new Set()).add(key));
}

function clearErrors(call: string): void {
  const keys = errorsByCall.get(call);
  if (!keys) return;
  errorsByCall.delete(call);
  for (const key of keys) withApi((instance) => instance.destroy(key));
}

export const notifier = {
  error: showError,
  clearErrors,
  success: (text: string, seconds = 3) => show('success', text, seconds, false),
  info: (text: string, seconds = 3) => show('info', text, seconds, false),
  warning: (text: string, seconds = 3) => show('warning', text, seconds, false),
};
