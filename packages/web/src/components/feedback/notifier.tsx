import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { MessageInstance } from 'antd/es/message/interface';
import { i18n } from '../../i18n';

/**
 * Messages shown from outside React (the request layer, data functions). The antd message API of the App context
 * is bound here by <NotifierBridge/>, so messages follow the theme and locale.
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

export function bindNotifier(instance: MessageInstance | null): void {
  api = instance;
}

type Kind = 'error' | 'success' | 'info' | 'warning';

function show(type: Kind, text: string, seconds: number, closable: boolean, key: string = `notice-${++counter}`): void {
  if (!api) {
    console.warn(`[${type}] ${text}`);
    return;
  }
  const content = closable ? (
    <span>
      {text}
      <Button type="text" size="small" aria-label={i18n.t('common.close')} icon={<CloseOutlined />} onClick={() => api?.destroy(key)} style={{ marginInlineStart: 8 }} />
    </span>
  ) : (
    text
  );
  void api.open({ key, type, content, duration: seconds });
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
  for (const key of keys) api?.destroy(key);
}

export const notifier = {
  error: showError,
  clearErrors,
  success: (text: string, seconds = 3) => show('success', text, seconds, false),
  info: (text: string, seconds = 3) => show('info', text, seconds, false),
  warning: (text: string, seconds = 3) => show('warning', text, seconds, false),
};
