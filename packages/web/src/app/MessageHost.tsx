import { useEffect } from 'react';
import { message } from 'antd';
import { bindNotifier } from '../components/feedback/notifier';

/**
 * The themed message API for code outside React (the notifier): its own holder, not antd's App (which also brings
 * the modal). Loaded by the providers when the first message is asked for (components/feedback/notifier.tsx).
 */
export default function MessageHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    bindNotifier(api);
    return () => bindNotifier(null);
  }, [api]);
  return holder;
}
