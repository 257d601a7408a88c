import { Button } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { MessageInstance } from 'antd/es/message/interface';
import { i18n } from '../../i18n';

/**
 * Messages shown from outside React (the request layer, data functions). The antd message API of the App context
 * is bound here by <NotifierBridge/>, so messages follow the theme and locale.
 */
let api: MessageInstance | null = null;
let counter = 0;

export function bindNotifier(instance: MessageInstance | null): void {
  api = instance;
}

function show(type: 'error' | 'success' | 'info' | 'warning', text: string, seconds: number, closable: boolean): void {
  if (!api) {
    console.warn(`[${type}] ${text}`);
    return;
  }
  const key = `notice-${++counter}`;
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

export const notifier = {
  error: (text: string, seconds: number, closable: boolean) => show('error', text, seconds, closable),
  success: (text: string, seconds = 3) => show('success', text, seconds, false),
  info: (text: string, seconds = 3) => show('info', text, seconds, false),
  warning: (text: string, seconds = 3) => show('warning', text, seconds, false),
};
